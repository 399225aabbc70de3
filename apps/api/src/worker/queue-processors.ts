import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, Type } from '@nestjs/common';
import { QUEUE_NAMES, QueueName, TracedPayload } from '@cqa/contracts';
import type { AppConfig } from '../config/app-config';
import { DelayedError, Job, WaitingChildrenError } from 'bullmq';
import { traceContext } from '../common/context/request-context';
import { jobDuration, jobFailures } from '../common/metrics/metrics';
import { JobHandlerRegistry } from '../queues/job-handler.registry';

/**
 * One BullMQ worker per queue; each passes a job to the @OnJob handler of its name.
 * Closing the Nest context closes the workers, which wait for the jobs they are running before they let go.
 * A worker that dies without closing leaves its jobs' locks to expire: after JOB_LOCK_DURATION_MS the stalled-job
 * check (run as often) hands them to another worker, so every handler must be idempotent.
 */
function processorFor(queue: QueueName, config: AppConfig): Type<WorkerHost> {
  @Processor(queue, {
    concurrency: config.workerConcurrency,
    lockDuration: config.jobLockDurationMs,
    stalledInterval: config.jobLockDurationMs,
    maxStalledCount: 2,
  })
  class QueueProcessor extends WorkerHost {
    private readonly logger = new Logger(`queue:${queue}`);
    private lastConnectionError = 0;

    constructor(private readonly registry: JobHandlerRegistry) {
      super();
    }

    /** While Redis is away BullMQ reports every reconnect attempt; one line per 30 s is enough (it reconnects by itself). */
    @OnWorkerEvent('error')
    onError(error: Error): void {
      if (Date.now() - this.lastConnectionError < 30000) return;
      this.lastConnectionError = Date.now();
      this.logger.warn({ err: error.message, msg: 'queue connection error; reconnecting' });
    }

    // Three parameters, so BullMQ passes the job's abort signal; the token lets a handler wait for its children or move
    // its job to delayed. The request id the job carries goes into every log line written while it runs.
    process(job: Job, token?: string, signal?: AbortSignal): Promise<unknown> {
      const requestId = (job.data as TracedPayload | undefined)?.requestId;
      return traceContext.run({ requestId, job: job.name, jobId: job.id }, () => this.run(job, token, signal));
    }

    private async run(job: Job, token?: string, signal?: AbortSignal): Promise<unknown> {
      const started = Date.now();
      const seconds = () => (Date.now() - started) / 1000;
      try {
        const result = await this.registry.handlerFor(job.name)(job, token, signal);
        jobDuration.observe({ job: job.name, outcome: 'completed' }, seconds());
        this.logger.log({ job: job.name, jobId: job.id, attempt: job.attemptsMade + 1, ms: Date.now() - started, msg: 'job completed' });
        return result;
      } catch (error) {
        if (error instanceof WaitingChildrenError) {
          jobDuration.observe({ job: job.name, outcome: 'waiting_children' }, seconds());
          throw error;
        }
        if (error instanceof DelayedError) {
          jobDuration.observe({ job: job.name, outcome: 'delayed' }, seconds());
          this.logger.log({ job: job.name, jobId: job.id, msg: 'job delayed' });
          throw error;
        }
        jobDuration.observe({ job: job.name, outcome: 'failed' }, seconds());
        jobFailures.inc({ job: job.name });
        this.logger.warn({ job: job.name, jobId: job.id, attempt: job.attemptsMade + 1, err: error instanceof Error ? error.message : String(error), msg: 'job failed' });
        throw error;
      }
    }
  }
  Object.defineProperty(QueueProcessor, 'name', { value: `${queue}QueueProcessor` });
  return QueueProcessor;
}

export const queueProcessors = (config: AppConfig): Type<WorkerHost>[] => QUEUE_NAMES.map((queue) => processorFor(queue, config));
