import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Community link import (issue 13). A batch is what an admin submitted at once; each of its links is a row that the
 * jobs move from queued to saved or failed. `question_scope` is the batch's target question, or 0 for "a new question
 * per link": with the URL's hash it is unique, so one link is never imported twice into one question (nor twice as a
 * new question). Imported community answers keep where they came from in `community_answer_meta` (host, date,
 * score; never a username), keyed by the import row and the reply's position so a re-delivered job adds nothing.
 */
export class AddLinkImports1795490000000 implements MigrationInterface {
  name = 'AddLinkImports1795490000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE import_batches (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        created_by CHAR(36) NULL,
        cancer_type VARCHAR(100) NOT NULL,
        target_question_id BIGINT UNSIGNED NULL,
        finished_at DATETIME(3) NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        KEY ix_import_batches_created (created_at DESC, id DESC),
        KEY ix_import_batches_target (target_question_id, created_at DESC, id DESC),
        CONSTRAINT fk_import_batches_user FOREIGN KEY (created_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT fk_import_batches_question FOREIGN KEY (target_question_id) REFERENCES cancer_questions (id) ON DELETE CASCADE
      ) ${TABLE_OPTIONS}
    `);
    await queryRunner.query(`
      CREATE TABLE import_rows (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        batch_id BIGINT UNSIGNED NOT NULL,
        position SMALLINT UNSIGNED NOT NULL,
        url VARCHAR(2000) NOT NULL,
        url_hash CHAR(64) NOT NULL,
        question_scope BIGINT UNSIGNED NOT NULL,
        status ENUM('queued', 'fetching', 'answering', 'saved', 'failed', 'paste_needed') NOT NULL DEFAULT 'queued',
        stage VARCHAR(200) NULL,
        error_reason VARCHAR(300) NULL,
        question_id BIGINT UNSIGNED NULL,
        answers_created INT UNSIGNED NOT NULL DEFAULT 0,
        ai_run_id BIGINT UNSIGNED NULL,
        ai_note VARCHAR(300) NULL,
        paste_pending TINYINT(1) NOT NULL DEFAULT 0,
        pasted_text MEDIUMTEXT NULL,
        run_count INT UNSIGNED NOT NULL DEFAULT 0,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        UNIQUE KEY uq_import_rows_scope_url (question_scope, url_hash),
        KEY ix_import_rows_batch (batch_id, position),
        KEY ix_import_rows_question (question_id),
        CONSTRAINT fk_import_rows_batch FOREIGN KEY (batch_id) REFERENCES import_batches (id) ON DELETE CASCADE,
        CONSTRAINT fk_import_rows_question FOREIGN KEY (question_id) REFERENCES cancer_questions (id) ON DELETE SET NULL
      ) ${TABLE_OPTIONS}
    `);
    await queryRunner.query(`
      CREATE TABLE community_answer_meta (
        answer_id BIGINT UNSIGNED NOT NULL,
        import_row_id BIGINT UNSIGNED NULL,
        position SMALLINT UNSIGNED NOT NULL,
        host VARCHAR(255) NOT NULL,
        posted_at DATETIME(3) NULL,
        score INT NULL,
        PRIMARY KEY (answer_id),
        UNIQUE KEY uq_community_meta_row_position (import_row_id, position),
        CONSTRAINT fk_community_meta_answer FOREIGN KEY (answer_id) REFERENCES cancer_answers (id) ON DELETE CASCADE,
        CONSTRAINT fk_community_meta_row FOREIGN KEY (import_row_id) REFERENCES import_rows (id) ON DELETE SET NULL
      ) ${TABLE_OPTIONS}
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE community_answer_meta');
    await queryRunner.query('DROP TABLE import_rows');
    await queryRunner.query('DROP TABLE import_batches');
  }
}
