import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AI_RUN_ACTIVE_STATUSES, aiAnswerJobId, JobName } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../../queues/job-queue.service';
import { RECOVERY_BATCH, RECOVERY_GRACE_MS, RecoveryCursor } from '../../../queues/job-recovery';
import { OnSchedule } from '../../../queues/schedule.decorator';
import type { AiAnswerJobPayload } from './ai-answers.service';

/**
 * The AI answer's recovery pass (issue 46): a run queued or running whose `ai-answer` job is not in Redis (Redis
 * restarted without its data) gets its job again, under the run's own job id, so a job that exists is never added
 * twice and two workers' passes add one. The job does nothing for a run that has succeeded.
 */
@Injectable()
export class AiRunRecovery {
  private readonly logger = new Logger('ai-answer');
  private readonly cursor = new RecoveryCursor();

  constructor(@InjectDataSource() private readonly ds: DataSource, private readonly jobs: JobQueue) {}

  /** One pass; returns how many runs got their job back. */
  @OnSchedule({ name: 'ai-run-recovery', everyMs: (config) => config.ops.jobRecoveryIntervalMs })
  async recover(): Promise<number> {
    const rows = (await this.ds.query(
      `SELECT id FROM ai_runs WHERE status IN (?) AND kind = 'ai_answer' AND id > ? AND updated_at < CURRENT_TIMESTAMP(3) - INTERVAL ? MICROSECOND
       ORDER BY id LIMIT ${RECOVERY_BATCH}`,
      [AI_RUN_ACTIVE_STATUSES, this.cursor.next(), RECOVERY_GRACE_MS * 1000],
    )) as Array<{ id: string | number }>;
    const ids = rows.map((r) => Number(r.id));
    this.cursor.advance(ids);
    let restored = 0;
    for (const runId of ids) {
      const jobId = aiAnswerJobId(runId);
      if (await this.jobs.find(JobName.AiAnswer, jobId)) continue;
      await this.jobs.enqueue<AiAnswerJobPayload>(JobName.AiAnswer, { runId }, { jobId });
      restored++;
    }
    if (restored > 0) this.logger.warn({ restored, msg: `${restored} AI answer runs had lost their job; queued again` });
    return restored;
  }
}
