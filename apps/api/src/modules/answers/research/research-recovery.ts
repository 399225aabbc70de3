import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JobName, RESEARCH_ACTIVE_STATUSES } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../../queues/job-queue.service';
import { RECOVERY_BATCH, RECOVERY_GRACE_MS, RecoveryCursor } from '../../../queues/job-recovery';
import { OnSchedule } from '../../../queues/schedule.decorator';
import { planJobId, ResearchRunner, runJobId } from './research.runner';

/** The active states in which a job should exist: a run awaiting approval has none. */
const WITH_A_JOB = RESEARCH_ACTIVE_STATUSES.filter((status) => status !== 'awaiting_approval');

/**
 * Deep research's recovery pass (issue 46): a run planning without its plan job, or queued or running without its
 * flow's parent job (Redis restarted without its data), gets it again under the attempt's own job id. A lost flow is
 * started again whole: the parent looks at the step rows and adds only the unfinished stage's children, and a step
 * whose row is done is not run again.
 */
@Injectable()
export class ResearchRecovery {
  private readonly logger = new Logger('research');
  private readonly cursor = new RecoveryCursor();

  constructor(@InjectDataSource() private readonly ds: DataSource, private readonly jobs: JobQueue, private readonly runner: ResearchRunner) {}

  /** One pass; returns how many runs got their job back. */
  @OnSchedule({ name: 'research-run-recovery', everyMs: (config) => config.ops.jobRecoveryIntervalMs })
  async recover(): Promise<number> {
    const rows = (await this.ds.query(
      `SELECT id, status, attempt FROM research_runs WHERE status IN (?) AND id > ?
         AND updated_at < CURRENT_TIMESTAMP(3) - INTERVAL ? MICROSECOND ORDER BY id LIMIT ${RECOVERY_BATCH}`,
      [WITH_A_JOB, this.cursor.next(), RECOVERY_GRACE_MS * 1000],
    )) as Array<{ id: string | number; status: string; attempt: number }>;
    this.cursor.advance(rows.map((r) => Number(r.id)));
    let restored = 0;
    for (const row of rows) {
      const runId = Number(row.id);
      const attempt = Number(row.attempt);
      if (row.status === 'planning') {
        const jobId = planJobId(runId, attempt);
        if (await this.jobs.find(JobName.ResearchPlan, jobId)) continue;
        await this.jobs.enqueue(JobName.ResearchPlan, { runId }, { jobId, attempts: 3, backoff: { type: 'exponential', delay: 2000 } });
      } else {
        if (await this.jobs.find(JobName.ResearchRun, runJobId(runId, attempt))) continue;
        await this.runner.startFlow(runId);
      }
      restored++;
    }
    if (restored > 0) this.logger.warn({ restored, msg: `${restored} deep research runs had lost their job; queued again` });
    return restored;
  }
}
