import { Module } from '@nestjs/common';
import { AnswersModule } from '../answers/answers.module';
import { AuthModule } from '../auth/auth.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { AdminAiRunsController } from './admin-ai-runs.controller';
import { AdminLogsController } from './admin-logs.controller';
import { AdminUsersController } from './admin-users.controller';
import { AdminService } from './admin.service';
import { QueuesSessionController } from './queues-session.controller';

/** Every admin route (accounts, approval, the trails, the Bull Board pass, the AI runs); it calls the services of the modules that own the data. */
@Module({
  imports: [AuthModule, ProfilesModule, AnswersModule],
  controllers: [AdminUsersController, AdminLogsController, AdminAiRunsController, QueuesSessionController],
  providers: [AdminService],
})
export class AdminModule {}
