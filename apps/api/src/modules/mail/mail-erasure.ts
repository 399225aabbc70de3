import type { EntityManager } from 'typeorm';

/**
 * Unsent (and dead) e-mails that hold an erased account's address or name (issue 44): those to it, and the admins'
 * notices of its registration, which name the person and link to the account.
 */
export async function eraseOutboxMail(tx: EntityManager, email: string, userId: string): Promise<void> {
  await tx.query('DELETE FROM mail_outbox WHERE recipient = ? OR link LIKE ?', [email, `%/admin/approve-user/${userId}`]);
}
