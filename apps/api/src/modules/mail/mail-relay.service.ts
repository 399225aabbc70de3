import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MailOutbox } from './mail-outbox.service';
import { OnSchedule } from '../../queues/schedule.decorator';

const BATCH = 500;
/** Rows younger than this are the API's to enqueue; the relay picks up what it missed. */
const GRACE_MS = 2000;

/**
 * Runs in the worker: every MAIL_RELAY_INTERVAL_MS it hands every pending outbox row to the `mail` queue again.
 * The job id is the row's, so a row whose job is waiting, delayed or running adds nothing; a row whose job was lost
 * (Redis restarted without its data, or the API could not reach Redis) gets a new one. Rows leave the outbox only once
 * the SMTP server has accepted the message, so an email is never lost between the database and Redis.
 */
@Injectable()
export class MailRelay {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: MailOutbox,
  ) {}

  /**
   * One pass, every MAIL_RELAY_INTERVAL_MS in the worker; returns how many rows were handed to the queue. The schedule
   * registry runs it, never two at once, logs a failed pass and waits for the one in hand at shutdown.
   */
  @OnSchedule({ name: 'mail-relay', everyMs: (config) => config.ops.mailRelayIntervalMs })
  async tick(): Promise<number> {
    const rows = (await this.dataSource.query(
      `SELECT id, request_id FROM mail_outbox WHERE status = 'pending' AND created_at < CURRENT_TIMESTAMP(3) - INTERVAL ? MICROSECOND ORDER BY id LIMIT ${BATCH}`,
      [GRACE_MS * 1000],
    )) as Array<{ id: string | number; request_id: string | null }>;
    for (const row of rows) await this.outbox.enqueue(String(row.id), row.request_id ?? undefined);
    return rows.length;
  }
}
