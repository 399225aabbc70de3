import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JobName, mailJobId } from '@cqa/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { currentRequestId } from '../../common/context/request-context';
import { JobQueue } from '../../queues/job-queue.service';
import type { OutgoingMail } from './mail.service';

export interface MailSendPayload {
  outboxId: string;
  requestId?: string;
}

/**
 * The transactional outbox: a request writes its email as a row in the same transaction as the change that causes it
 * (no email for a change that was rolled back, no change without its email), and after the commit hands the row to the
 * `mail` queue. Nothing waits for SMTP; when Redis is away the row simply waits for the worker's relay.
 */
@Injectable()
export class MailOutbox {
  private readonly logger = new Logger('MailOutbox');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Writes the row inside `tx`; returns its id for `enqueueAfterCommit`. */
  async add(tx: EntityManager, mail: OutgoingMail): Promise<string> {
    const result = (await tx.query(
      'INSERT INTO mail_outbox (kind, recipient, subject, body, link, request_id) VALUES (?, ?, ?, ?, ?, ?)',
      [mail.kind, mail.to, mail.subject, JSON.stringify({ text: mail.text, html: mail.html ?? null, ...(mail.headers ? { headers: mail.headers } : {}) }), mail.link ?? null, currentRequestId() ?? null],
    )) as { insertId: number | string };
    return String(result.insertId);
  }

  /** One email in a transaction of its own (when nothing else changes with it). */
  async addAndEnqueue(mails: OutgoingMail[]): Promise<void> {
    if (mails.length === 0) return;
    const ids = await this.dataSource.transaction((tx) => Promise.all(mails.map((mail) => this.add(tx, mail))));
    this.enqueueAfterCommit(ids);
  }

  /** Never throws and never holds the request longer than a moment: the relay enqueues whatever this misses. */
  enqueueAfterCommit(ids: string[]): void {
    const requestId = currentRequestId();
    for (const id of ids) {
      // Not awaited: with Redis away the add waits for the reconnect, and the request must not.
      this.enqueue(id, requestId).catch((error: unknown) => this.logger.warn({ outboxId: id, err: String(error), msg: 'mail left to the relay' }));
    }
  }

  /**
   * Idempotent: the job id is the row's, so a second enqueue of a row whose job exists adds nothing. A finished job under
   * this id cannot be this row's (a sent row is deleted first, a dead one is never enqueued again): the id belonged to an
   * earlier row, before the database was restored or rebuilt while Redis kept its finished jobs. Left alone, BullMQ would
   * ignore the add and the email would never go out, so that job makes way for this row's.
   */
  async enqueue(outboxId: string, requestId?: string): Promise<void> {
    const payload: MailSendPayload = { outboxId, ...(requestId ? { requestId } : {}) };
    const options = {
      jobId: mailJobId(outboxId),
      attempts: this.config.ops.mailMaxAttempts,
      backoff: { type: 'exponential' as const, delay: this.config.ops.mailRetryDelayMs },
      // Dead letters stay in the job dashboard for a month.
      removeOnFail: { age: 30 * 24 * 3600 },
    };
    const job = await this.jobs.enqueue(JobName.MailSend, payload, options);
    const state = await job.getState();
    if (state === 'completed' || state === 'failed') {
      await job.remove();
      await this.jobs.enqueue(JobName.MailSend, payload, options);
    }
    await this.dataSource.query('UPDATE mail_outbox SET enqueued_at = CURRENT_TIMESTAMP(3) WHERE id = ? AND enqueued_at IS NULL', [outboxId]);
  }
}
