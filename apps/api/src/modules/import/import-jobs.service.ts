import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { JobName, QueueName } from '@cqa/contracts';
import { FlowProducer, type JobsOptions } from 'bullmq';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { JobQueue } from '../../queues/job-queue.service';
import { redisConnectionOptions } from '../../queues/redis-connection';
import { importBatchJobId, importUrlJobId } from './import-keys';

export interface ImportUrlPayload { rowId: number }
export interface ImportBatchPayload { batchId: number }

/** A link's job: transient failures (timeouts, 5xx) are retried with backoff; the final failure is on the row. */
const KEEP: JobsOptions = { removeOnComplete: { age: 24 * 3600, count: 1000 }, removeOnFail: { age: 7 * 24 * 3600 } };
export const IMPORT_URL_JOB_OPTIONS: JobsOptions = { ...KEEP, attempts: 3, backoff: { type: 'exponential', delay: 2000 } };

/**
 * Puts import work on the `import` queue: a batch is a BullMQ flow, the batch job the parent of one child per link,
 * so the parent runs once every link is done (failed children do not hold it: ignoreDependencyOnFailure).
 * A later run of one row (retry, pasted text) is a job of its own.
 */
@Injectable()
export class ImportJobs implements OnModuleDestroy {
  private flows?: FlowProducer;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig, private readonly jobs: JobQueue) {}

  async enqueueBatch(batchId: number, rows: Array<{ id: number; question_scope: number; url_hash: string }>): Promise<void> {
    this.flows ??= new FlowProducer({ connection: redisConnectionOptions(this.config.redisUrl), prefix: this.config.queuePrefix });
    await this.flows.add({
      name: JobName.ImportBatch,
      queueName: QueueName.Import,
      data: { batchId } satisfies ImportBatchPayload,
      opts: { ...KEEP, jobId: importBatchJobId(batchId), attempts: 3 },
      children: rows.map((row) => ({
        name: JobName.ImportUrl,
        queueName: QueueName.Import,
        data: { rowId: row.id } satisfies ImportUrlPayload,
        opts: { ...IMPORT_URL_JOB_OPTIONS, jobId: importUrlJobId(row.question_scope, row.url_hash, 0), ignoreDependencyOnFailure: true },
      })),
    });
  }

  async enqueueRun(row: { id: number; question_scope: number; url_hash: string }, run: number): Promise<void> {
    await this.jobs.enqueue<ImportUrlPayload>(JobName.ImportUrl, { rowId: row.id }, { ...IMPORT_URL_JOB_OPTIONS, jobId: importUrlJobId(row.question_scope, row.url_hash, run) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.flows?.close();
  }
}
