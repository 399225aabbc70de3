import type { EntityManager } from 'typeorm';

/** An erased account's e-mail choices and unsubscribe links (issue 44); answer e-mails skip erased accounts. */
export async function eraseNotificationSettings(tx: EntityManager, userId: string): Promise<void> {
  await tx.query('DELETE FROM unsubscribe_tokens WHERE user_id = ?', [userId]);
  await tx.query('DELETE FROM notification_settings WHERE user_id = ?', [userId]);
}
