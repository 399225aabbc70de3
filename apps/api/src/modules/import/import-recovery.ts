import { Injectable, Logger } from '@nestjs/common';
import { IMPORT_ROW_STATUSES, isImportRowUnfinished, JobName } from '@cqa/contracts';
import { JobQueue } from '../../queues/job-queue.service';
import { RECOVERY_BATCH, RECOVERY_GRACE_MS, RecoveryCursor } from '../../queues/job-recovery';
import { OnSchedule } from '../../queues/schedule.decorator';
import { importBatchJobId, importUrlJobId } from './import-keys';
import { ImportJobs } from './import-jobs.service';
import { ImportRepository } from './import.repository';

interface UnfinishedRow {
  id: number;
  batch_id: number;
  question_scope: number;
  url_hash: string;
  run_count: number;
}

const UNFINISHED = IMPORT_ROW_STATUSES.filter(isImportRowUnfinished);
const OLDER_THAN_GRACE = 'CURRENT_TIMESTAMP(3) - INTERVAL ? MICROSECOND';

/**
 * Link import's recovery pass (issue 46): what Redis lost is put back under the same job ids. A batch not finished
 * whose batch job is gone gets its flow again (the parent and its unfinished first-run links); a link not finished
 * whose run's job is gone gets that job. A re-delivered link repeats nothing (ImportUrlProcessor).
 */
@Injectable()
export class ImportRecovery {
  private readonly logger = new Logger('import');
  private readonly batches = new RecoveryCursor();
  private readonly rows = new RecoveryCursor();

  constructor(private readonly repo: ImportRepository, private readonly importJobs: ImportJobs, private readonly jobs: JobQueue) {}

  /** One pass; returns how many batches and links got their job back. */
  @OnSchedule({ name: 'import-recovery', everyMs: (config) => config.ops.jobRecoveryIntervalMs })
  async recover(): Promise<number> {
    const restored = (await this.recoverBatches()) + (await this.recoverRows());
    if (restored > 0) this.logger.warn({ restored, msg: `${restored} import batches and links had lost their job; queued again` });
    return restored;
  }

  private async recoverBatches(): Promise<number> {
    const batches = ((await this.repo.ds.query(
      `SELECT id FROM import_batches WHERE finished_at IS NULL AND id > ? AND created_at < ${OLDER_THAN_GRACE} ORDER BY id LIMIT ${RECOVERY_BATCH}`,
      [this.batches.next(), RECOVERY_GRACE_MS * 1000],
    )) as Array<{ id: string | number }>).map((b) => Number(b.id));
    this.batches.advance(batches);
    let restored = 0;
    for (const batchId of batches) {
      if (await this.jobs.find(JobName.ImportBatch, importBatchJobId(batchId))) continue;
      const rows = await this.unfinished('batch_id = ? AND run_count = 0 AND status IN (?)', [batchId, UNFINISHED]);
      await this.importJobs.enqueueBatch(batchId, rows);
      restored++;
    }
    return restored;
  }

  private async recoverRows(): Promise<number> {
    const rows = await this.unfinished(
      `status IN (?) AND id > ? AND updated_at < ${OLDER_THAN_GRACE} ORDER BY id LIMIT ${RECOVERY_BATCH}`,
      [UNFINISHED, this.rows.next(), RECOVERY_GRACE_MS * 1000],
    );
    this.rows.advance(rows.map((r) => r.id));
    let restored = 0;
    for (const row of rows) {
      if (await this.jobs.find(JobName.ImportUrl, importUrlJobId(row.question_scope, row.url_hash, row.run_count))) continue;
      await this.importJobs.enqueueRun(row, row.run_count);
      restored++;
    }
    return restored;
  }

  private async unfinished(where: string, params: unknown[]): Promise<UnfinishedRow[]> {
    const rows = (await this.repo.ds.query(`SELECT id, batch_id, question_scope, url_hash, run_count FROM import_rows WHERE ${where}`, params)) as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      id: Number(r.id), batch_id: Number(r.batch_id), question_scope: Number(r.question_scope), url_hash: String(r.url_hash), run_count: Number(r.run_count),
    }));
  }
}
