import type { Provider } from '@nestjs/common';
import path from 'node:path';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { LocalReportStorage } from './local-report-storage';
import { ReportStorage } from './report-storage';
import { S3ReportStorage, s3ClientFor } from './s3-report-storage';

/**
 * `area` keeps another kind of file (the data archives) on the same driver and settings but apart from the reports:
 * a sub-folder the reports' listing never enters (not two hex digits) or another key prefix, so the report sweep never
 * sees, and never removes, them.
 */
export function createReportStorage(config: AppConfig['reports'], area: 'medical-reports' | 'account-exports' = 'medical-reports'): ReportStorage {
  if (config.driver === 's3') return new S3ReportStorage(s3ClientFor(config.s3), config.s3.bucket, area === 'medical-reports' ? undefined : `${area}/`);
  return new LocalReportStorage(area === 'medical-reports' ? config.dir : path.join(config.dir, area));
}

/** REPORTS_STORAGE picks the driver once, at boot. */
export const reportStorageProvider: Provider = {
  provide: ReportStorage,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => createReportStorage(config.reports),
};
