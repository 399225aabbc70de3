import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { accountExportJobId, JobName } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../../../queues/job-queue.service';
import { RECOVERY_BATCH, RECOVERY_GRACE_MS } from '../../../../queues/job-recovery';
import { OnSchedule } from '../../../../queues/schedule.decorator';
import { enqueueExport } from './account-export-rows';

/** Older requested rows are the hourly prune's: it gives them up. */
const RECOVER_WITHIN_MS = 24 * 3600 * 1000;

/**
 * The data archives' recovery pass (issue 46): a row still `requested` whose `account-export` job is not in Redis
 * (Redis restarted without its data) gets its job again under the row's own job id, within seconds rather than at the
 * hourly prune. The job does nothing for a row no longer `requested`.
 */
@Injectable()
export class AccountExportRecovery {
  private readonly logger = new Logger('account-export');

  constructor(@InjectDataSource() private readonly db: DataSource, private readonly jobs: JobQueue) {}

  /** One pass; returns how many archives got their job back. */
  @OnSchedule({ name: 'account-export-recovery', everyMs: (config) => config.ops.jobRecoveryIntervalMs })
  async recover(): Promise<number> {
    const rows = (await this.db.query(
      `SELECT id FROM account_exports WHERE status = 'requested'
         AND created_at BETWEEN CURRENT_TIMESTAMP(3) - INTERVAL ? MICROSECOND AND CURRENT_TIMESTAMP(3) - INTERVAL ? MICROSECOND
       ORDER BY created_at LIMIT ${RECOVERY_BATCH}`,
      [RECOVER_WITHIN_MS * 1000, RECOVERY_GRACE_MS * 1000],
    )) as Array<{ id: string }>;
    let restored = 0;
    for (const { id } of rows) {
      if (await this.jobs.find(JobName.AccountExport, accountExportJobId(id))) continue;
      await enqueueExport(this.jobs, id);
      restored++;
    }
    if (restored > 0) this.logger.warn({ restored, msg: `${restored} data archives had lost their job; queued again` });
    return restored;
  }
}
