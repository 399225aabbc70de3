import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProfilesModule } from '../profiles/profiles.module';
import { MedicalReportEntity } from './entities/medical-report.entity';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';
import { ReportFilesModule } from './files/report-files.module';
import { UploadLimits } from './upload/upload-limits';

/** Medical reports over HTTP: upload, list, download and delete (API only; the files' removal jobs and sweep are ReportFilesModule's). */
@Module({
  imports: [TypeOrmModule.forFeature([MedicalReportEntity]), ProfilesModule, ReportFilesModule],
  controllers: [ReportsController],
  providers: [ReportsService, UploadLimits],
})
export class ReportsModule {}
