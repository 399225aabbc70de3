import { Module } from '@nestjs/common';
import { reportStorageProvider } from '../storage/report-storage.provider';
import { ReportFiles } from './report-files.processor';

/** Report files' life after their rows (removal jobs, the scheduled sweep); booted by the API and the worker. */
@Module({ providers: [reportStorageProvider, ReportFiles], exports: [reportStorageProvider, ReportFiles] })
export class ReportFilesModule {}
