import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PatientEntity } from '../users/entities/patient.entity';
import { ProfileAccessLogEntity } from './entities/profile-access-log.entity';
import { ProfileAuditController } from './profile-audit.controller';
import { ProfileAuditService } from './profile-audit.service';

/** The profile access audit trail: import this module to record; admins read it over HTTP. */
@Module({
  imports: [TypeOrmModule.forFeature([ProfileAccessLogEntity, PatientEntity])],
  controllers: [ProfileAuditController],
  providers: [ProfileAuditService],
  exports: [ProfileAuditService],
})
export class ProfileAuditModule {}
