import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { InjectDataSource } from '@nestjs/typeorm';
import { JobName } from '@cqa/contracts';
import { Job, UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { OnJob } from '../../queues/job-handler.decorator';
import type { MailSendPayload } from './mail-outbox.service';
import { MailService } from './mail.service';

interface OutboxRow { id: string; kind: string; recipient: string; subject: string; body: string; link: string | null }

/** SMTP error texts may quote the recipient; only the code reaches the log and the job dashboard. */
export function describeMailError(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  return [code, responseCode].filter(Boolean).join(' ') || (error instanceof Error ? error.name : 'unknown error');
}

/**
 * Sends one outbox row. Delivered at least once: a row that is gone was sent already, so a re-delivered job does
 * nothing; a send that fails is retried with exponential backoff (MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAY_MS) and after the
 * last attempt the row is marked `dead` and the job stays failed in the job dashboard (a retry there sends it again).
 */
@Injectable()
export class MailSendProcessor {
  private readonly logger = new Logger('mail-send');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnJob(JobName.MailSend)
  async send(job: Job<MailSendPayload>): Promise<{ sent: boolean }> {
    const [row] = (await this.dataSource.query(
      'SELECT id, kind, recipient, subject, body, link FROM mail_outbox WHERE id = ?', [job.data.outboxId],
    )) as OutboxRow[];
    if (!row) return { sent: false };
    await this.dataSource.query('UPDATE mail_outbox SET attempts = attempts + 1 WHERE id = ?', [row.id]);
    const body = JSON.parse(row.body) as { text: string; html: string | null; headers?: Record<string, string> };
    try {
      await this.mail.send({ to: row.recipient, kind: row.kind, subject: row.subject, text: body.text, html: body.html ?? undefined, link: row.link ?? undefined, headers: body.headers });
    } catch (error) {
      const reason = describeMailError(error);
      // The worker's MAIL_MAX_ATTEMPTS rules, also for jobs enqueued with another setting.
      const last = job.attemptsMade + 1 >= Math.min(job.opts.attempts ?? 1, this.config.ops.mailMaxAttempts);
      await this.dataSource.query(
        `UPDATE mail_outbox SET last_error = ?, status = ${last ? "'dead'" : 'status'} WHERE id = ?`, [reason.slice(0, 255), row.id],
      );
      if (last) this.logger.error({ outboxId: row.id, kind: row.kind, msg: `email is a dead letter after ${job.attemptsMade + 1} attempts: ${reason}` });
      const message = `Sending the ${row.kind} email failed: ${reason}`;
      throw last ? new UnrecoverableError(message) : new Error(message);
    }
    await this.dataSource.query('DELETE FROM mail_outbox WHERE id = ?', [row.id]);
    this.logger.log({ outboxId: row.id, kind: row.kind, msg: 'email sent' });
    return { sent: true };
  }
}
