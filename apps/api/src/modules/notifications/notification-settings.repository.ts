import { Injectable } from '@nestjs/common';
import { UNSUBSCRIBE_LINK_LIFETIME_DAYS, type NotificationSettings, type NotificationSettingsUpdate } from '@cqa/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { hashUnsubscribeToken, newUnsubscribeToken } from './notification-rules';

/** Without a row a user has the defaults: answer e-mails on, the expert digest off. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { answerEmails: true, expertDigest: false };

interface SettingsRow { answer_emails: number | string; expert_digest: number | string }

/**
 * What an unsubscribe link can do now. `fresh`: unsubscribe. `done`: it unsubscribed its owner, who still gets no
 * e-mails (a mail provider's one-click POST and the person's own click both end on "unsubscribed"). `spent`: it was
 * used and the owner has turned e-mails on since; it grants nothing more. `expired`: never used, and older than
 * UNSUBSCRIBE_LINK_LIFETIME_DAYS; it grants nothing (an old e-mail, forwarded or leaked, cannot silence its owner for
 * ever). `unknown`: no such link.
 */
export type UnsubscribeLinkState = 'fresh' | 'done' | 'spent' | 'expired' | 'unknown';

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

  /** The settings row with the defaults, when the user has none yet. */
  async ensureRow(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('INSERT IGNORE INTO notification_settings (user_id) VALUES (?)', [userId]);
  }

  /**
   * A new token for one e-mail's unsubscribe link, written in the transaction that writes the e-mail. Only its sha256 is
   * kept, so no later e-mail can repeat it: each e-mail carries its own, and a used one is never sent again.
   */
  async newToken(manager: EntityManager, userId: string): Promise<string> {
    await this.ensureRow(manager, userId);
    const token = newUnsubscribeToken();
    await manager.query('INSERT INTO unsubscribe_tokens (token_hash, user_id) VALUES (?, ?)', [hashUnsubscribeToken(token), userId]);
    return token;
  }

  /** What the link would do (the confirmation page asks only for a fresh one); changes nothing. */
  async linkState(token: string): Promise<UnsubscribeLinkState> {
    return this.state(this.ds.manager, token, false);
  }

  /** Turns every notification e-mail of a fresh token's owner off and marks the token used; the state it found. */
  async unsubscribe(token: string): Promise<UnsubscribeLinkState> {
    return this.ds.transaction('READ COMMITTED', (tx) => this.state(tx, token, true));
  }

  private async state(manager: EntityManager, token: string, use: boolean): Promise<UnsubscribeLinkState> {
    const hash = hashUnsubscribeToken(token);
    // The database's clock judges the age, as it wrote created_at.
    const [row] = (await manager.query(
      `SELECT user_id, used_at, created_at < CURRENT_TIMESTAMP(3) - INTERVAL ? DAY AS expired FROM unsubscribe_tokens WHERE token_hash = ?${use ? ' FOR UPDATE' : ''}`,
      [UNSUBSCRIBE_LINK_LIFETIME_DAYS, hash],
    )) as { user_id: string; used_at: Date | null; expired: number | string }[];
    if (!row) return 'unknown';
    if (row.used_at === null) {
      if (Number(row.expired) === 1) return 'expired';
      if (!use) return 'fresh';
      await manager.query('UPDATE unsubscribe_tokens SET used_at = CURRENT_TIMESTAMP(3) WHERE token_hash = ?', [hash]);
      await manager.query('UPDATE notification_settings SET answer_emails = 0, expert_digest = 0 WHERE user_id = ?', [row.user_id]);
      return 'done';
    }
    const [settings] = (await manager.query('SELECT answer_emails, expert_digest FROM notification_settings WHERE user_id = ?', [row.user_id])) as SettingsRow[];
    return settings && Number(settings.answer_emails) === 0 && Number(settings.expert_digest) === 0 ? 'done' : 'spent';
  }
}
