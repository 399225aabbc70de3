import { Injectable } from '@nestjs/common';
import { JobName, SelfCheckResult } from '@cqa/contracts';
import type { Job } from 'bullmq';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { OnJob } from '../../queues/job-handler.decorator';

export interface SelfCheckPayload {
  holdMs: number;
}

/** Proves the API → Redis → worker → MySQL path: the worker touches the database and reports who ran the job. */
@Injectable()
export class SelfCheckProcessor {
  constructor(private readonly dataSource: DataSource) {}

  @OnJob(JobName.SelfCheck)
  async run(job: Job<SelfCheckPayload>): Promise<SelfCheckResult> {
    const started = Date.now();
    await this.dataSource.query('SELECT 1');
    if (job.data.holdMs > 0) await sleep(job.data.holdMs);
    return { database: 'up', worker: `${hostname()}:${process.pid}`, processedAt: new Date().toISOString(), durationMs: Date.now() - started };
  }
}
