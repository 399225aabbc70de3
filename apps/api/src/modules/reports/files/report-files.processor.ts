import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JobName, QueueName, reportFileDeleteJobId, TracedPayload } from '@cqa/contracts';
import type { Job } from 'bullmq';
import { DataSource, EntityManager } from 'typeorm';
import { reportSweepLast } from '../../../common/metrics/metrics';
import { OnJob } from '../../../queues/job-handler.decorator';
import { OnSchedule } from '../../../queues/schedule.decorator';
import { JobQueue } from '../../../queues/job-queue.service';
import { assertStorageKey, ReportStorage } from '../storage/report-storage';
import { ReportRows, ReportSweepResult, SWEEP_GRACE_MS, sweepReports } from './report-sweep';

export const REPORT_SWEEP_SCHEDULER_ID = 'report-sweep-nightly';

export interface ReportFileDeletePayload extends TracedPayload {
  /** The file's random storage name; nothing about the patient or the report. */
  storageKey: string;
}

/**
 * Stored report files after their rows: deleting a report (or a patient, whose reports go with it) enqueues the
 * removal of each file, and a scheduled sweep catches whatever a lost job left behind.
 */
@Injectable()
export class ReportFiles {
  private readonly logger = new Logger('report-files');

  constructor(
    private readonly storage: ReportStorage,
    private readonly jobs: JobQueue,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}


  /** The storage keys of a patient's reports, read in `tx` before the rows go; pass them to `removeFiles` after the commit. */
  async keysOfPatient(tx: EntityManager, patientId: string): Promise<string[]> {
    const rows = (await tx.query('SELECT storage_key FROM medical_reports WHERE patient_id = ?', [patientId])) as Array<{ storage_key: string }>;
    return rows.map((r) => r.storage_key);
  }

  /** After the rows are gone. A failure to enqueue only delays the removal until the sweep. */
  async removeFiles(storageKeys: string[]): Promise<void> {
    for (const storageKey of storageKeys) {
      const payload: ReportFileDeletePayload = { storageKey };
      await this.jobs.enqueue(JobName.ReportFileDelete, payload, { jobId: reportFileDeleteJobId(storageKey), attempts: 5, backoff: { type: 'exponential', delay: 5000 } })
        .catch((error: unknown) => this.logger.warn({ err: String(error), msg: 'file removal left to the report sweep' }));
    }
  }

  /** Idempotent: removing a missing file succeeds, and a key that has a row again (never reused, but still) is kept. */
  @OnJob(JobName.ReportFileDelete)
  async deleteFile(job: Job<ReportFileDeletePayload>): Promise<{ removed: boolean }> {
    assertStorageKey(job.data.storageKey);
    const [row] = (await this.dataSource.query('SELECT 1 AS found FROM medical_reports WHERE storage_key = ?', [job.data.storageKey])) as unknown[];
    if (row) return { removed: false };
    await this.storage.delete(job.data.storageKey);
    return { removed: true };
  }

  /** Its return value (counts only) is what the job dashboard shows for each run. */
  @OnJob(JobName.ReportSweep)
  @OnSchedule({ name: REPORT_SWEEP_SCHEDULER_ID, cron: (config) => config.ops.reportSweepCron, queue: QueueName.System })
  async sweep(_job: Job, _token?: string, signal?: AbortSignal): Promise<ReportSweepResult> {
    const result = await sweepReports(this.storage, reportRows(this.dataSource), new Date(), signal);
    reportSweepLast.set({ action: 'checked_files' }, result.checkedFiles);
    reportSweepLast.set({ action: 'files_removed' }, result.filesRemoved);
    reportSweepLast.set({ action: 'partial_files_removed' }, result.partialFilesRemoved);
    reportSweepLast.set({ action: 'rows_marked_missing' }, result.rowsMarkedMissing);
    this.logger.log({ ...result, msg: `report sweep: ${result.checkedFiles} files checked, ${result.filesRemoved} without a row removed, ${result.partialFilesRemoved} unfinished uploads removed, ${result.rowsMarkedMissing} rows newly marked missing (${result.rowsMissingTotal} in all)` });
    return result;
  }
}

/** The sweep's queries on MariaDB. Rows younger than the grace period (by the database's clock) are left alone. */
export function reportRows(db: DataSource): ReportRows {
  return {
    async existingKeys(keys) {
      if (keys.length === 0) return new Set();
      const found = (await db.query(`SELECT storage_key FROM medical_reports WHERE storage_key IN (${keys.map(() => '?').join(',')})`, keys)) as Array<{ storage_key: string }>;
      return new Set(found.map((r) => r.storage_key));
    },
    async rowsAfter(afterId, limit) {
      const found = (await db.query(
        `SELECT id, storage_key FROM medical_reports WHERE file_missing_at IS NULL AND id > ? AND upload_date < NOW(3) - INTERVAL ${SWEEP_GRACE_MS / 1000} SECOND ORDER BY id LIMIT ${Number(limit)}`,
        [afterId],
      )) as Array<{ id: string; storage_key: string }>;
      return found.map((r) => ({ id: r.id, storageKey: r.storage_key }));
    },
    async markMissing(ids) {
      await db.query(`UPDATE medical_reports SET file_missing_at = NOW(3) WHERE id IN (${ids.map(() => '?').join(',')})`, ids);
    },
    async missingTotal() {
      const [row] = (await db.query('SELECT COUNT(*) AS n FROM medical_reports WHERE file_missing_at IS NOT NULL')) as Array<{ n: number | string }>;
      return Number(row?.n ?? 0);
    },
  };
}
