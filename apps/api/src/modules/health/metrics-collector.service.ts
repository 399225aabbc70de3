import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { mailOutboxRows, onScrape, queueJobs } from '../../common/metrics/metrics';
import { JobQueue } from '../../queues/job-queue.service';

const STATES = ['waiting', 'active', 'delayed', 'failed', 'prioritized', 'waiting-children'] as const;
const READ_TIMEOUT_MS = 1000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);

/** Reads the gauges that live in Redis and MySQL (queue depth, outbox size) when metrics are scraped. */
@Injectable()
export class MetricsCollector implements OnModuleInit, OnModuleDestroy {
  private stop?: () => void;

  constructor(private readonly jobs: JobQueue, @InjectDataSource() private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    this.stop = onScrape(() => this.refresh());
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  async refresh(): Promise<void> {
    await Promise.allSettled([
      ...this.jobs.allQueues().map(async (queue) => {
        const counts = await within(queue.getJobCounts(...STATES), READ_TIMEOUT_MS);
        for (const state of STATES) queueJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
      }),
      (async () => {
        const rows = (await within(this.dataSource.query("SELECT status, COUNT(*) AS n FROM mail_outbox GROUP BY status"), READ_TIMEOUT_MS)) as Array<{ status: string; n: number | string }>;
        mailOutboxRows.set({ status: 'pending' }, 0);
        mailOutboxRows.set({ status: 'dead' }, 0);
        for (const row of rows) mailOutboxRows.set({ status: row.status }, Number(row.n));
      })(),
    ]);
  }
}
