import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { AdminLogsController } from './admin-logs.controller';
import { AdminUsersController } from './admin-users.controller';
import { AdminService } from './admin.service';
import { QueuesSessionController } from './queues-session.controller';

/** Every admin route (accounts, approval, the trails, the Bull Board pass); it calls the services of the modules that own the data. */
@Module({
  imports: [AuthModule, ProfilesModule],
  controllers: [AdminUsersController, AdminLogsController, QueuesSessionController],
  providers: [AdminService],
})
export class AdminModule {}
