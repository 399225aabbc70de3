import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Answer e-mails and "New answers" (issue 29.1). `answer_events` is the outbox of "an answer arrived": written by the
 * answer writer in the transaction that adds the answer, batched per question by the worker into one e-mail per quiet
 * period, and removed once that e-mail is in the mail outbox. On the question, when its last answer arrived and when
 * its owner last opened it. `notification_settings`: a user's e-mail choices (no row: the defaults) and the random
 * token of their one-click unsubscribe link (compared byte for byte: base64url is case-sensitive).
 */
export class AddAnswerNotifications1795590000006 implements MigrationInterface {
  name = 'AddAnswerNotifications1795590000006';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE answer_events (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        question_id BIGINT UNSIGNED NOT NULL,
        answer_kind VARCHAR(20) NOT NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        KEY ix_answer_events_question (question_id, id),
        CONSTRAINT fk_answer_events_question FOREIGN KEY (question_id) REFERENCES cancer_questions (id) ON DELETE CASCADE
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci
    `);
    await queryRunner.query(`
      ALTER TABLE cancer_questions
        ADD COLUMN last_answer_at DATETIME(3) NULL,
        ADD COLUMN owner_seen_at DATETIME(3) NULL
    `);
    await queryRunner.query(`
      CREATE TABLE notification_settings (
        user_id CHAR(36) NOT NULL,
        answer_emails TINYINT(1) NOT NULL DEFAULT 1,
        expert_digest TINYINT(1) NOT NULL DEFAULT 0,
        unsubscribe_token CHAR(43) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
        digest_sent_on DATE NULL,
        updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
        PRIMARY KEY (user_id),
        UNIQUE KEY ux_notification_settings_token (unsubscribe_token),
        KEY ix_notification_settings_digest (expert_digest),
        CONSTRAINT fk_notification_settings_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE notification_settings');
    await queryRunner.query('ALTER TABLE cancer_questions DROP COLUMN owner_seen_at, DROP COLUMN last_answer_at');
    await queryRunner.query('DROP TABLE answer_events');
  }
}
