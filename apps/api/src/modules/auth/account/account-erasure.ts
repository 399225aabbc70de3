import type { EntityManager } from 'typeorm';

/** A deletion the erasure may carry out now: due and not yet erased, its row locked until the erasure commits. */
export interface DueDeletion { email: string; requestedBy: 'self' | 'admin' }

/**
 * The auth part of an account's erasure (issue 44), in the erasure's transaction (modules/erasure). Locks the pending
 * deletion first: a sign-in cancelling it waits, then finds it erased (or the erasure finds it gone).
 */
export async function claimDueDeletion(tx: EntityManager, userId: string): Promise<DueDeletion | null> {
  const [row] = (await tx.query(
    `SELECT d.requested_by, u.email FROM account_deletions d JOIN users u ON u.id = d.user_id
      WHERE d.user_id = ? AND d.erased_at IS NULL AND d.due_at <= NOW(3) FOR UPDATE`,
    [userId],
  )) as { requested_by: 'self' | 'admin'; email: string }[];
  return row ? { email: row.email, requestedBy: row.requested_by } : null;
}

/**
 * Sessions, tokens and the second factor go; the sign-in log keeps its events without address or device; the account
 * row stays (questions and answers point at it) as "Anonymous", with an address that cannot receive mail and a password
 * hash nothing matches; the data archives' rows go (their files after the commit). The deletion's row becomes the record of the erasure (the admin's note, which may name the
 * person, cleared), and the sign-in log says "account erased" with nothing else.
 */
export async function eraseAccountRows(tx: EntityManager, userId: string): Promise<{ archiveKeys: string[] }> {
  // The data archives' rows go here; their files are removed after the commit (returned for that).
  const archives = (await tx.query('SELECT storage_key FROM account_exports WHERE user_id = ? AND storage_key IS NOT NULL', [userId])) as { storage_key: string }[];
  for (const table of ['refresh_tokens', 'email_tokens', 'two_factor_recovery_codes', 'user_two_factor', 'account_exports']) {
    await tx.query(`DELETE FROM ${table} WHERE user_id = ?`, [userId]);
  }
  await tx.query('UPDATE auth_logs SET ip_address = NULL, user_agent = NULL WHERE user_id = ?', [userId]);
  await tx.query(
    `UPDATE users SET email = CONCAT('erased-', UUID(), '@invalid'), first_name = 'Anonymous', last_name = '', password_hash = '!erased',
       approval_status = 'disabled', is_blocked = 1, email_confirmed_at = NULL, last_sign_in_at = NULL, erased_at = NOW(3),
       specialty = NULL, licence_number = NULL, institution = NULL
     WHERE id = ?`,
    [userId],
  );
  await tx.query('UPDATE account_deletions SET erased_at = NOW(3), note = NULL WHERE user_id = ?', [userId]);
  await tx.query("INSERT INTO auth_logs (id, user_id, event_type) VALUES (UUID(), ?, 'account_erased')", [userId]);
  return { archiveKeys: archives.map((a) => a.storage_key) };
}

/** The deletions whose grace period has ended, oldest first (the sweep enqueues one erasure job each). */
export async function dueDeletions(db: { query: EntityManager['query'] }, limit: number): Promise<string[]> {
  const rows = (await db.query(
    `SELECT user_id FROM account_deletions WHERE erased_at IS NULL AND due_at <= NOW(3) ORDER BY due_at LIMIT ${Number(limit)}`,
  )) as { user_id: string }[];
  return rows.map((r) => r.user_id);
}
