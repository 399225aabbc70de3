import type { Provider } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { LocalReportStorage } from './local-report-storage';
import { ReportStorage } from './report-storage';
import { S3ReportStorage, s3ClientFor } from './s3-report-storage';

export function createReportStorage(config: AppConfig['reports']): ReportStorage {
  return config.driver === 's3' ? new S3ReportStorage(s3ClientFor(config.s3), config.s3.bucket) : new LocalReportStorage(config.dir);
}

/** REPORTS_STORAGE picks the driver once, at boot. */
export const reportStorageProvider: Provider = {
  provide: ReportStorage,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => createReportStorage(config.reports),
};
