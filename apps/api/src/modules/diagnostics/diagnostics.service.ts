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
    const job = await this.jobs.find<SelfCheckPayload, SelfCheckResult>(JobName.SelfCheck, id);
    if (!job) throw new NotFoundException('No self-check job with this id.');
    const state = await job.getState();
    return {
      id,
      state: (KNOWN_STATES as string[]).includes(state) ? (state as SelfCheckStatus['state']) : 'unknown',
      result: job.returnvalue ?? null,
      failedReason: job.failedReason || null,
    };
  }
}
