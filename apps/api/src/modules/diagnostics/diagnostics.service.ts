import { Injectable, NotFoundException } from '@nestjs/common';
import { JobName, SelfCheckResult, SelfCheckStatus } from '@cqa/contracts';
import { JobQueue } from '../../queues/job-queue.service';
import type { SelfCheckPayload } from './self-check.processor';

const KNOWN_STATES: ReadonlyArray<SelfCheckStatus['state']> = ['waiting', 'delayed', 'active', 'completed', 'failed'];

@Injectable()
export class DiagnosticsService {
  constructor(private readonly jobs: JobQueue) {}

  async requestSelfCheck(holdMs = 0): Promise<{ id: string }> {
    const job = await this.jobs.enqueue<SelfCheckPayload>(JobName.SelfCheck, { holdMs }, { attempts: 1 });
    return { id: job.id! };
  }

  async selfCheckStatus(id: string): Promise<SelfCheckStatus> {
    const find = () => this.jobs.find<SelfCheckPayload, SelfCheckResult>(JobName.SelfCheck, id);
    let job = await find();
    if (!job) throw new NotFoundException('No self-check job with this id.');
    const state = await job.getState();
    // The job's fields were read before its state: one finishing in between reads 'completed' without its result.
    // Finished states do not change, so a second read has the final fields.
    if (state === 'completed' || state === 'failed') job = (await find()) ?? job;
    return {
      id,
      state: (KNOWN_STATES as string[]).includes(state) ? (state as SelfCheckStatus['state']) : 'unknown',
      result: job.returnvalue ?? null,
      failedReason: job.failedReason || null,
    };
  }
}
