import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProfilesModule } from '../profiles/profiles.module';
import { MedicalReportEntity } from './entities/medical-report.entity';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';
import { reportStorageProvider } from './storage/report-storage.provider';

/** Medical reports over HTTP: upload, list, download and delete (API only; no jobs). */
@Module({
  imports: [TypeOrmModule.forFeature([MedicalReportEntity]), ProfilesModule],
  controllers: [ReportsController],
  providers: [ReportsService, reportStorageProvider],
})
export class ReportsModule {}
