import { MigrationInterface, QueryRunner } from 'typeorm';

const NEW_EVENTS = ['data_export_requested', 'data_export_downloaded'];

/**
 * "Download my data" (issue 44 item 3): one row per archive asked for, and its two sign-in log events. The events are
 * added to whatever the column lists when this runs (other account changes add theirs), not to a copy of the list.
 */
export class AddAccountExports1795600000800 implements MigrationInterface {
  name = 'AddAccountExports1795600000800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE account_exports (
        id CHAR(36) NOT NULL,
        user_id CHAR(36) NOT NULL,
        status ENUM('requested', 'ready', 'failed', 'expired') NOT NULL DEFAULT 'requested',
        storage_key CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NULL,
        size_bytes BIGINT UNSIGNED NULL,
        attempts SMALLINT UNSIGNED NOT NULL DEFAULT 0,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        ready_at DATETIME(3) NULL,
        expires_at DATETIME(3) NULL,
        PRIMARY KEY (id),
        UNIQUE KEY uq_account_exports_storage_key (storage_key),
        KEY ix_account_exports_user_created (user_id, created_at),
        KEY ix_account_exports_status_expires (status, expires_at),
        CONSTRAINT fk_account_exports_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci
    `);
    const events = await authLogEvents(queryRunner);
    await setAuthLogEvents(queryRunner, [...events, ...NEW_EVENTS.filter((e) => !events.includes(e))]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM auth_logs WHERE event_type IN (${NEW_EVENTS.map(() => '?').join(', ')})`, NEW_EVENTS);
    await setAuthLogEvents(queryRunner, (await authLogEvents(queryRunner)).filter((e) => !NEW_EVENTS.includes(e)));
    await queryRunner.query('DROP TABLE account_exports');
  }
}

async function authLogEvents(queryRunner: QueryRunner): Promise<string[]> {
  const [row] = (await queryRunner.query(
    "SELECT COLUMN_TYPE AS type FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'auth_logs' AND COLUMN_NAME = 'event_type'",
  )) as Array<{ type: string }>;
  return [...row!.type.matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1]!);
}

async function setAuthLogEvents(queryRunner: QueryRunner, events: string[]): Promise<void> {
  await queryRunner.query(`ALTER TABLE auth_logs MODIFY event_type ENUM(${events.map((e) => `'${e}'`).join(', ')}) NOT NULL`);
}
