import { Module } from '@nestjs/common';
import { MailModule } from '../../../mail/mail.module';
import { ReportFilesModule } from '../../../reports/files/report-files.module';
import { accountExportStorageProvider } from './account-export-rows';
import { AccountExportProcessor } from './account-export.processor';
import { AccountExportRecovery } from './account-export-recovery';

/**
 * "Download my data": the archive job and its hourly prune (booted by the worker and the API); the routes are the
 * account page's (AuthModule), which reach the archives' store through here.
 */
@Module({
  imports: [MailModule, ReportFilesModule],
  providers: [accountExportStorageProvider, AccountExportProcessor, AccountExportRecovery],
  exports: [accountExportStorageProvider, AccountExportProcessor],
})
export class AccountExportsModule {}
