import { getQueueToken } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { JOB_QUEUE, JobName, QUEUE_NAMES, QueueName } from '@cqa/contracts';
import type { Job, JobsOptions, Queue } from 'bullmq';
import { currentRequestId } from '../common/context/request-context';

/** Puts jobs on the queue their name belongs to, so callers never pick a queue by hand. */
@Injectable()
export class JobQueue {
  constructor(private readonly moduleRef: ModuleRef) {}

  queue(name: QueueName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  allQueues(): Queue[] {
    return QUEUE_NAMES.map((name) => this.queue(name));
  }

  /** The request (or job) being served lends the job its request id, so the job's log lines can be found from it. */
  enqueue<P extends object>(name: JobName, payload: P, options?: JobsOptions): Promise<Job<P>> {
    const requestId = currentRequestId();
    const data = requestId && !('requestId' in payload) ? { ...payload, requestId } : payload;
    return this.queue(JOB_QUEUE[name]).add(name, data, options) as Promise<Job<P>>;
  }

  /** The job, or undefined when it does not exist or belongs to another job name. */
  async find<P = unknown, R = unknown>(name: JobName, id: string): Promise<Job<P, R> | undefined> {
    const job = (await this.queue(JOB_QUEUE[name]).getJob(id)) as Job<P, R> | undefined;
    return job?.name === name ? job : undefined;
  }
}
