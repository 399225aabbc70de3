import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RequestTransactions } from '../../common/database/request-transaction';
import { PatientEntity } from './entities/patient.entity';
import { ProfileAccessLogEntity } from './entities/profile-access-log.entity';
import { PatientAccess } from './patient-access.service';
import { ProfileAuditService } from './profile-audit.service';
import { ProfilesController } from './profiles.controller';
import { ProfilesService } from './profiles.service';

/**
 * The patient record: its profile (routes under /api/patients), and the PHI access rule with its audit trail.
 * Other modules reach patient records only through PatientAccess.
 */
@Module({
  imports: [TypeOrmModule.forFeature([PatientEntity, ProfileAccessLogEntity])],
  controllers: [ProfilesController],
  providers: [ProfilesService, PatientAccess, ProfileAuditService, RequestTransactions],
  exports: [PatientAccess, ProfileAuditService, RequestTransactions],
})
export class ProfilesModule {}
