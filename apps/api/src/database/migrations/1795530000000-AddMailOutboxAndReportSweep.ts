import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * The mail outbox: a row per email, written in the transaction of the change that causes it and deleted once the
 * SMTP server has accepted the message; `dead` rows are the ones that failed every attempt. And a mark on report rows
 * whose stored file the sweep could not find.
 */
export class AddMailOutboxAndReportSweep1795530000000 implements MigrationInterface {
  name = 'AddMailOutboxAndReportSweep1795530000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE mail_outbox (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        kind VARCHAR(40) NOT NULL,
        recipient VARCHAR(255) NOT NULL,
        subject VARCHAR(255) NOT NULL,
        body TEXT NOT NULL,
        link VARCHAR(1024) NULL,
        status ENUM('pending', 'dead') NOT NULL DEFAULT 'pending',
        attempts INT UNSIGNED NOT NULL DEFAULT 0,
        last_error VARCHAR(255) NULL,
        request_id VARCHAR(64) NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        enqueued_at DATETIME(3) NULL,
        PRIMARY KEY (id),
        KEY ix_mail_outbox_status (status, id)
      ) ${TABLE_OPTIONS}
    `);
    await queryRunner.query('ALTER TABLE medical_reports ADD COLUMN file_missing_at DATETIME(3) NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE medical_reports DROP COLUMN file_missing_at');
    await queryRunner.query('DROP TABLE mail_outbox');
  }
}
