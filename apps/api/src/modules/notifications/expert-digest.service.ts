import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JobName, NotificationPaths, QueueName } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { OnJob } from '../../queues/job-handler.decorator';
import { OnSchedule } from '../../queues/schedule.decorator';
import { MailOutbox } from '../mail/mail-outbox.service';
import { expertDigestMail } from './notification-mails';
import { digestGroups } from './notification-rules';
import { NotificationSettingsRepository } from './notification-settings.repository';

export const EXPERT_DIGEST_SCHEDULER_ID = 'expert-digest-daily';

/**
 * The daily e-mail to experts who opted in: how many questions wait for an expert answer, by cancer type, and a link;
 * no question's words leave the platform. Each expert's row records the day it was written for, in the transaction that writes the e-mail to the
 * outbox, so a re-delivered or re-run job sends nobody a second one that day.
 */
@Injectable()
export class ExpertDigest {
  private readonly logger = new Logger('expert-digest');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly outbox: MailOutbox,
    private readonly settings: NotificationSettingsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}


  @OnJob(JobName.ExpertDigest)
  @OnSchedule({ name: EXPERT_DIGEST_SCHEDULER_ID, cron: (config) => config.notifications.expertDigestCron, queue: QueueName.Mail })
  async send(): Promise<{ waiting: number; mailed: number }> {
    const groups = digestGroups((await this.ds.query(
      'SELECT cancer_type_key AS cancer_type, COUNT(*) AS n FROM cancer_questions WHERE has_expert_answer = 0 GROUP BY cancer_type_key',
    )) as Array<{ cancer_type: string; n: string | number }>);
    const count = groups.reduce((sum, g) => sum + g.count, 0);
    const [requests] = (await this.ds.query("SELECT COUNT(*) AS n FROM research_requests WHERE status = 'requested'")) as Array<{ n: string | number }>;
    const researchRequests = Number(requests?.n ?? 0);
    if (count === 0 && researchRequests === 0) return { waiting: 0, mailed: 0 };
    const experts = (await this.ds.query(
      `SELECT s.user_id FROM notification_settings s JOIN users u ON u.id = s.user_id
       WHERE s.expert_digest = 1 AND u.role = 'expert' AND u.approval_status = 'approved' AND u.is_blocked = 0
         AND (s.digest_sent_on IS NULL OR s.digest_sent_on < CURRENT_DATE)`,
    )) as Array<{ user_id: string }>;
    const ids: string[] = [];
    for (const expert of experts) {
      const id = await this.ds.transaction('READ COMMITTED', async (tx) => {
        const [row] = (await tx.query(
          `SELECT u.email FROM notification_settings s JOIN users u ON u.id = s.user_id
           WHERE s.user_id = ? AND s.expert_digest = 1 AND (s.digest_sent_on IS NULL OR s.digest_sent_on < CURRENT_DATE) FOR UPDATE`,
          [expert.user_id],
        )) as Array<{ email: string }>;
        if (!row) return null;
        await tx.query('UPDATE notification_settings SET digest_sent_on = CURRENT_DATE WHERE user_id = ?', [expert.user_id]);
        const token = await this.settings.newToken(tx, expert.user_id);
        return this.outbox.add(tx, expertDigestMail(row.email, {
          groups,
          link: `${this.config.publicUrl}/expert/questions`,
          researchRequests: { count: researchRequests, link: `${this.config.publicUrl}/expert/research-requests` },
          unsubscribeUrl: `${this.config.publicUrl}${NotificationPaths.unsubscribe(token)}`,
        }));
      });
      if (id) ids.push(id);
    }
    this.outbox.enqueueAfterCommit(ids);
    this.logger.log({ waiting: count, mailed: ids.length, msg: 'expert digest written' });
    return { waiting: count, mailed: ids.length };
  }
}
