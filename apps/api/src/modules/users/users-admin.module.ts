import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { PatientEntity } from './entities/patient.entity';
import { UserEntity } from './entities/user.entity';
import { UsersAdminController } from './users-admin.controller';
import { UsersAdminService } from './users-admin.service';

/** User administration over HTTP (API only; the worker has no use for it). */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, PatientEntity]), AuthModule],
  controllers: [UsersAdminController],
  providers: [UsersAdminService],
})
export class UsersAdminModule {}
