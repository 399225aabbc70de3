import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, Type } from '@nestjs/common';
import { QUEUE_NAMES, QueueName } from '@cqa/contracts';
import type { AppConfig } from '../config/app-config';
import { DelayedError, Job, WaitingChildrenError } from 'bullmq';
import { JobHandlerRegistry } from '../queues/job-handler.registry';

/**
 * One BullMQ worker per queue; each passes a job to the @OnJob handler of its name.
 * Closing the Nest context closes the workers, which wait for the jobs they are running before they let go.
 */
function processorFor(queue: QueueName, config: AppConfig): Type<WorkerHost> {
  @Processor(queue, { concurrency: config.workerConcurrency, lockDuration: config.jobLockDurationMs })
  class QueueProcessor extends WorkerHost {
    private readonly logger = new Logger(`queue:${queue}`);

    constructor(private readonly registry: JobHandlerRegistry) {
      super();
    }

    // Three parameters, so BullMQ passes the job's abort signal; the token lets a handler wait for its children or move
    // its job to delayed.
    async process(job: Job, token?: string, signal?: AbortSignal): Promise<unknown> {
      const started = Date.now();
      try {
        const result = await this.registry.handlerFor(job.name)(job, token, signal);
        this.logger.log({ job: job.name, jobId: job.id, attempt: job.attemptsMade + 1, ms: Date.now() - started, msg: 'job completed' });
        return result;
      } catch (error) {
        if (error instanceof WaitingChildrenError) throw error;
        if (error instanceof DelayedError) {
          this.logger.log({ job: job.name, jobId: job.id, msg: 'job delayed' });
          throw error;
        }
        this.logger.warn({ job: job.name, jobId: job.id, attempt: job.attemptsMade + 1, err: error instanceof Error ? error.message : String(error), msg: 'job failed' });
        throw error;
      }
    }
  }
  Object.defineProperty(QueueProcessor, 'name', { value: `${queue}QueueProcessor` });
  return QueueProcessor;
}

export const queueProcessors = (config: AppConfig): Type<WorkerHost>[] => QUEUE_NAMES.map((queue) => processorFor(queue, config));
