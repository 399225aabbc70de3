import { Injectable } from '@nestjs/common';
import type { NotificationSettings, NotificationSettingsUpdate } from '@cqa/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { newUnsubscribeToken } from './notification-rules';

/** Without a row a user has the defaults: answer e-mails on, the expert digest off. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { answerEmails: true, expertDigest: false };

interface SettingsRow { answer_emails: number | string; expert_digest: number | string }

@Injectable()
export class NotificationSettingsRepository {
  constructor(private readonly ds: DataSource) {}

  async get(userId: string): Promise<NotificationSettings> {
    const [row] = (await this.ds.query('SELECT answer_emails, expert_digest FROM notification_settings WHERE user_id = ?', [userId])) as SettingsRow[];
    return row ? { answerEmails: Number(row.answer_emails) === 1, expertDigest: Number(row.expert_digest) === 1 } : { ...DEFAULT_NOTIFICATION_SETTINGS };
  }

  async update(userId: string, patch: NotificationSettingsUpdate): Promise<NotificationSettings> {
    await this.ds.transaction('READ COMMITTED', async (manager) => {
      await this.ensureRow(manager, userId);
      const sets: string[] = [];
      const params: unknown[] = [];
      if (patch.answerEmails !== undefined) { sets.push('answer_emails = ?'); params.push(patch.answerEmails ? 1 : 0); }
      if (patch.expertDigest !== undefined) { sets.push('expert_digest = ?'); params.push(patch.expertDigest ? 1 : 0); }
      if (sets.length > 0) await manager.query(`UPDATE notification_settings SET ${sets.join(', ')} WHERE user_id = ?`, [...params, userId]);
    });
    return this.get(userId);
  }

  /** The user's unsubscribe token, made (with the default settings) the first time an e-mail needs it. */
  async ensureRow(manager: EntityManager, userId: string): Promise<string> {
    await manager.query('INSERT IGNORE INTO notification_settings (user_id, unsubscribe_token) VALUES (?, ?)', [userId, newUnsubscribeToken()]);
    const [row] = (await manager.query('SELECT unsubscribe_token FROM notification_settings WHERE user_id = ?', [userId])) as { unsubscribe_token: string }[];
    return row!.unsubscribe_token;
  }

  /** Turns every notification e-mail of the token's owner off; false when no one holds the token. */
  async unsubscribe(token: string): Promise<boolean> {
    const [row] = (await this.ds.query('SELECT user_id FROM notification_settings WHERE unsubscribe_token = ?', [token])) as { user_id: string }[];
    if (!row) return false;
    await this.ds.query('UPDATE notification_settings SET answer_emails = 0, expert_digest = 0 WHERE user_id = ?', [row.user_id]);
    return true;
  }

  async tokenExists(token: string): Promise<boolean> {
    return ((await this.ds.query('SELECT 1 FROM notification_settings WHERE unsubscribe_token = ?', [token])) as unknown[]).length > 0;
  }
}
