import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { answerMailJobId, JobName, NotificationPaths } from '@cqa/contracts';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { OnJob } from '../../queues/job-handler.decorator';
import { JobQueue } from '../../queues/job-queue.service';
import { MailOutbox } from '../mail/mail-outbox.service';
import { RESEARCH_DECLINED_EVENT } from './answer-events';
import { answersArrivedMail } from './notification-mails';
import { answerKindsOf, answerMailDelayMs } from './notification-rules';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { OnSchedule } from '../../queues/schedule.decorator';

export interface AnswerMailPayload {
  questionId: number;
  requestId?: string;
}

const BATCH = 500;

/**
 * Answer e-mails, one per question per quiet period. Every MAIL_RELAY_INTERVAL_MS the worker looks at the questions
 * with untold answers (`answer_events`, written with each answer) and adds one delayed job per question, due when the
 * quiet period after the first untold answer ends; the job id names the question and that first answer, so adding it
 * again on the next pass (or after a Redis restart) adds nothing. The job tells every untold answer of the question in
 * one e-mail, written to the mail outbox in the transaction that removes the events, so a re-delivered job finds
 * nothing left to tell.
 */
@Injectable()
export class AnswerMails {
  private readonly logger = new Logger('answer-mail');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly jobs: JobQueue,
    private readonly outbox: MailOutbox,
    private readonly settings: NotificationSettingsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * One pass, every MAIL_RELAY_INTERVAL_MS in the worker; returns how many questions have their job. The schedule
   * registry runs it, never two at once, logs a failed pass and waits for the one in hand at shutdown.
   */
  @OnSchedule({ name: 'answer-mail-pass', everyMs: (config) => config.ops.mailRelayIntervalMs })
  async tick(): Promise<number> {
    // The database's clock measures the age, as it stamped the rows.
    const rows = (await this.ds.query(
      `SELECT question_id, MIN(id) AS first_id, TIMESTAMPDIFF(MICROSECOND, MIN(created_at), CURRENT_TIMESTAMP(3)) AS age_us
       FROM answer_events GROUP BY question_id ORDER BY first_id LIMIT ${BATCH}`,
    )) as Array<{ question_id: string | number; first_id: string | number; age_us: string | number }>;
    for (const row of rows) {
      const jobId = answerMailJobId(row.question_id, row.first_id);
      const delay = answerMailDelayMs(Number(row.age_us) / 1000, this.config.notifications.answerMailQuietSeconds);
      const options = {
        jobId, delay, attempts: 5,
        backoff: { type: 'exponential' as const, delay: this.config.ops.mailRetryDelayMs },
        removeOnComplete: { age: 7 * 24 * 3600 }, removeOnFail: { age: 30 * 24 * 3600 },
      };
      const payload: AnswerMailPayload = { questionId: Number(row.question_id) };
      const job = await this.jobs.enqueue(JobName.AnswerMail, payload, options);
      // A finished job under this id while its first event is still here: the database was restored behind Redis's back.
      if ((await job.getState()) === 'completed') {
        await job.remove();
        await this.jobs.enqueue(JobName.AnswerMail, payload, options);
      }
    }
    return rows.length;
  }

  @OnJob(JobName.AnswerMail)
  async send(job: Job<AnswerMailPayload>): Promise<{ told: number; mailed: boolean }> {
    const questionId = job.data.questionId;
    const outcome = await this.ds.transaction('READ COMMITTED', async (tx) => {
      const events = (await tx.query('SELECT id, answer_kind FROM answer_events WHERE question_id = ? ORDER BY id FOR UPDATE', [questionId])) as Array<{
        id: string | number; answer_kind: string;
      }>;
      if (events.length === 0) return { told: 0, outboxId: null };
      await tx.query(`DELETE FROM answer_events WHERE id IN (${events.map(() => '?').join(', ')})`, events.map((e) => e.id));
      const [owner] = (await tx.query(
        `SELECT u.id, u.email, q.question_text FROM cancer_questions q JOIN users u ON u.id = q.user_id
         LEFT JOIN notification_settings s ON s.user_id = u.id
         WHERE q.id = ? AND u.role = 'patient' AND u.is_blocked = 0 AND COALESCE(s.answer_emails, 1) = 1`,
        [questionId],
      )) as Array<{ id: string; email: string; question_text: string }>;
      if (!owner) return { told: events.length, outboxId: null };
      const token = await this.settings.newToken(tx, owner.id);
      const mail = answersArrivedMail(owner.email, {
        questionText: owner.question_text,
        kinds: answerKindsOf(events),
        researchDeclined: events.some((e) => e.answer_kind === RESEARCH_DECLINED_EVENT),
        link: `${this.config.publicUrl}/patient/questions/${questionId}`,
        unsubscribeUrl: `${this.config.publicUrl}${NotificationPaths.unsubscribe(token)}`,
      });
      return { told: events.length, outboxId: await this.outbox.add(tx, mail) };
    });
    if (outcome.outboxId) this.outbox.enqueueAfterCommit([outcome.outboxId]);
    this.logger.log({ questionId, answers: outcome.told, mailed: outcome.outboxId !== null, msg: 'answers told' });
    return { told: outcome.told, mailed: outcome.outboxId !== null };
  }
}
