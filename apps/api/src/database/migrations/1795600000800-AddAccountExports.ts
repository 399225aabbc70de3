import { MigrationInterface, QueryRunner } from 'typeorm';
import { addAuthLogEvents, removeAuthLogEvents } from './frozen/auth-log-events';

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
    await addAuthLogEvents(queryRunner, NEW_EVENTS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await removeAuthLogEvents(queryRunner, NEW_EVENTS);
    await queryRunner.query('DROP TABLE account_exports');
  }
}
