import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProfileAuditModule } from '../audit/profile-audit.module';
import { PatientEntity } from '../users/entities/patient.entity';
import { UserEntity } from '../users/entities/user.entity';
import { PatientsController } from './patients.controller';
import { PatientsService } from './patients.service';

/** Patient profiles over HTTP (API only). */
@Module({
  imports: [TypeOrmModule.forFeature([PatientEntity, UserEntity]), ProfileAuditModule],
  controllers: [PatientsController],
  providers: [PatientsService],
})
export class PatientsModule {}
