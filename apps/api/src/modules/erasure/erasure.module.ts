import { Module } from '@nestjs/common';
import { AccountExportsModule } from '../auth/account/export/account-exports.module';
import { ReportFilesModule } from '../reports/files/report-files.module';
import { AccountErasure } from './account-erasure.processor';

/** The erasure of deleted accounts (issue 44): the scheduled sweep and the account-erasure job; booted by the worker. */
@Module({ imports: [ReportFilesModule, AccountExportsModule], providers: [AccountErasure], exports: [AccountErasure] })
export class ErasureModule {}
