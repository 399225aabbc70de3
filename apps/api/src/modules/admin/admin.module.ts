import { Module } from '@nestjs/common';
import { AnswersModule } from '../answers/answers.module';
import { AiAnswersModule } from '../answers/ai/ai-answers.module';
import { AuthModule } from '../auth/auth.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { ResearchModule } from '../answers/research/research.module';
import { AdminAiRunsController } from './admin-ai-runs.controller';
import { AdminLiteratureController } from './admin-literature.controller';
import { AdminResearchController } from './admin-research.controller';
import { AdminTwoFactorController } from './admin-two-factor.controller';
import { AdminLogsController } from './admin-logs.controller';
import { AdminUsersController } from './admin-users.controller';
import { AdminService } from './admin.service';
import { QueuesSessionController } from './queues-session.controller';

/** Every admin route (accounts, approval, the trails, the Bull Board pass, the AI runs, deep research's flags, the answers citing a literature record, the two-factor reset); it calls the services of the modules that own the data. */
@Module({
  imports: [AuthModule, ProfilesModule, AnswersModule, AiAnswersModule, ResearchModule],
  controllers: [AdminUsersController, AdminLogsController, AdminAiRunsController, AdminResearchController, AdminLiteratureController, AdminTwoFactorController, QueuesSessionController],
  providers: [AdminService],
})
export class AdminModule {}
