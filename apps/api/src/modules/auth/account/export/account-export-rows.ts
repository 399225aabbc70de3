import type { AccountExport, AccountExportStatus } from '@cqa/contracts';
import { JobName, accountExportJobId } from '@cqa/contracts';
import type { Provider } from '@nestjs/common';
import { APP_CONFIG } from '../../../../config/config.module';
import type { AppConfig } from '../../../../config/app-config';
import type { JobQueue } from '../../../../queues/job-queue.service';
import { createReportStorage } from '../../../reports/storage/report-storage.provider';

/** The data archives' own store: the reports' driver and settings, apart from the reports (see createReportStorage). */
export const ACCOUNT_EXPORT_STORAGE = Symbol('ACCOUNT_EXPORT_STORAGE');
export const accountExportStorageProvider: Provider = {
  provide: ACCOUNT_EXPORT_STORAGE,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => createReportStorage(config.reports, 'account-exports'),
};

export interface AccountExportRow {
  id: string;
  user_id: string;
  status: AccountExportStatus;
  storage_key: string | null;
  size_bytes: number | string | null;
  attempts: number;
  created_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
}

export const EXPORT_COLUMNS = 'id, user_id, status, storage_key, size_bytes, attempts, created_at, ready_at, expires_at';

/** Payload of the `account-export` job: the row's id, nothing about the person. */
export interface AccountExportPayload {
  exportId: string;
  requestId?: string;
}

/** A job failed this many times leaves its row `failed`; the page then offers to try again. */
export const EXPORT_ATTEMPTS = 5;
const EXPORT_RETRY_DELAY_MS = 30_000;

/** Adds nothing when the archive's job exists already (its id is the row's). */
export async function enqueueExport(jobs: JobQueue, exportId: string): Promise<void> {
  const payload: AccountExportPayload = { exportId };
  await jobs.enqueue(JobName.AccountExport, payload, {
    jobId: accountExportJobId(exportId),
    attempts: EXPORT_ATTEMPTS,
    backoff: { type: 'exponential', delay: EXPORT_RETRY_DELAY_MS },
    removeOnFail: { age: 30 * 24 * 3600 },
  });
}

/** A ready archive past its expiry is told as expired at once, though the hourly prune deletes its file later. */
export function exportView(row: AccountExportRow, now: Date): AccountExport {
  const lapsed = row.status === 'ready' && row.expires_at !== null && new Date(row.expires_at) <= now;
  return {
    id: row.id,
    status: lapsed ? 'expired' : row.status,
    requested_at: new Date(row.created_at).toISOString(),
    ready_at: row.ready_at ? new Date(row.ready_at).toISOString() : null,
    expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    size_bytes: row.size_bytes === null || lapsed ? null : Number(row.size_bytes),
  };
}
