import { MigrationInterface, QueryRunner } from 'typeorm';
import { addAuthLogEvents, removeAuthLogEvents } from './frozen/auth-log-events';

const NEW_EVENTS = ['deletion_requested', 'deletion_cancelled', 'account_erased'];

/**
 * Delete my account (issue 44). A pending deletion is a row of account_deletions until its grace period ends; signing in
 * (or an admin) cancels it by deleting the row. The erasure keeps the row as its record (who asked, when, when erased;
 * the admin's note cleared, as it may name the person) and marks the account erased_at. ix_account_deletions_due is
 * the sweep's walk of due, unerased rows.
 */
export class AddAccountDeletion1795600000900 implements MigrationInterface {
  name = 'AddAccountDeletion1795600000900';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE users ADD COLUMN erased_at DATETIME(3) NULL');
    await queryRunner.query(`
      CREATE TABLE account_deletions (
        user_id CHAR(36) NOT NULL,
        requested_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        due_at DATETIME(3) NOT NULL,
        requested_by ENUM('self', 'admin') NOT NULL,
        admin_id CHAR(36) NULL,
        note VARCHAR(1000) NULL,
        erased_at DATETIME(3) NULL,
        PRIMARY KEY (user_id),
        KEY ix_account_deletions_due (erased_at, due_at),
        CONSTRAINT fk_account_deletions_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT fk_account_deletions_admin FOREIGN KEY (admin_id) REFERENCES users (id) ON DELETE SET NULL
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci
    `);
    await addAuthLogEvents(queryRunner, NEW_EVENTS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await removeAuthLogEvents(queryRunner, NEW_EVENTS);
    await queryRunner.query('DROP TABLE account_deletions');
    await queryRunner.query('ALTER TABLE users DROP COLUMN erased_at');
  }
}
