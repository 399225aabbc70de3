import type { QueryRunner } from 'typeorm';

/**
 * The sign-in log's event list as the database holds it, and a new one. Migrations that add events append to what is
 * there, so two migrations written side by side never drop each other's (frozen: never edit once released).
 */
export async function authLogEvents(queryRunner: QueryRunner): Promise<string[]> {
  const [row] = (await queryRunner.query(
    "SELECT COLUMN_TYPE AS type FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'auth_logs' AND COLUMN_NAME = 'event_type'",
  )) as Array<{ type: string }>;
  return [...row!.type.matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1]!);
}

export async function setAuthLogEvents(queryRunner: QueryRunner, events: string[]): Promise<void> {
  await queryRunner.query(`ALTER TABLE auth_logs MODIFY event_type ENUM(${events.map((e) => `'${e}'`).join(', ')}) NOT NULL`);
}

/** Adds `added` to the list (those already there stay where they are). */
export async function addAuthLogEvents(queryRunner: QueryRunner, added: readonly string[]): Promise<void> {
  const events = await authLogEvents(queryRunner);
  await setAuthLogEvents(queryRunner, [...events, ...added.filter((e) => !events.includes(e))]);
}

/** Deletes the rows of `removed` and takes the events off the list. */
export async function removeAuthLogEvents(queryRunner: QueryRunner, removed: readonly string[]): Promise<void> {
  await queryRunner.query(`DELETE FROM auth_logs WHERE event_type IN (${removed.map(() => '?').join(', ')})`, [...removed]);
  await setAuthLogEvents(queryRunner, (await authLogEvents(queryRunner)).filter((e) => !removed.includes(e)));
}
