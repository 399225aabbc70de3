import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './common/access/access.guard';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { AdminModule } from './modules/admin/admin.module';
import { AnswersModule } from './modules/answers/answers.module';
import { AiAnswersModule } from './modules/answers/ai/ai-answers.module';
import { ResearchModule } from './modules/answers/research/research.module';
import { AuthModule } from './modules/auth/auth.module';
import { DiagnosticsModule } from './modules/diagnostics/diagnostics.module';
import { HealthModule } from './modules/health/health.module';
import { ImportModule } from './modules/import/import.module';
import { MailModule } from './modules/mail/mail.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { ReportFilesModule } from './modules/reports/files/report-files.module';
import { ErasureModule } from './modules/erasure/erasure.module';
import { RefreshTokenPruneModule } from './modules/auth/prune/refresh-token-prune.module';
import { AccountExportsModule } from './modules/auth/account/export/account-exports.module';
import { ProfilesModule } from './modules/profiles/profiles.module';
import { ReportsModule } from './modules/reports/reports.module';
import { QuestionsModule } from './modules/questions/questions.module';
import { QueuesModule } from './queues/queues.module';

/** Infrastructure shared by the API and the worker. */
export const coreModules = (config: AppConfig) => [ConfigModule.forRoot(config), DatabaseModule, QueuesModule];

/** The answer sources that generate answers (link import is ImportModule); each imports AnswersModule and AiModule. */
export const ANSWER_SOURCE_MODULES = [AiAnswersModule, ResearchModule];

/** Feature modules; the worker boots the same ones to run their job handlers. */
export const FEATURE_MODULES = [DiagnosticsModule, MailModule, ReportFilesModule, RefreshTokenPruneModule, AccountExportsModule, AnswersModule, ...ANSWER_SOURCE_MODULES, ImportModule, NotificationsModule, ErasureModule];

/** Modules with HTTP routes only, no job handlers: the worker leaves them out. */
export const API_ONLY_MODULES = [AuthModule, AdminModule, ProfilesModule, ReportsModule, QuestionsModule];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [...coreModules(config), HealthModule, ...FEATURE_MODULES, ...API_ONLY_MODULES],
      providers: [{ provide: APP_GUARD, useClass: AccessGuard }],
    };
  }
}
