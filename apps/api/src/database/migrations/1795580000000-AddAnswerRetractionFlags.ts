import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The nightly retraction re-check covers AI answers too: a source of a published AI answer found retracted since is a
 * row here (deep research reports keep theirs in research_retraction_flags, per run). The answer shows it like a
 * report does; the row goes with its answer.
 */
export class AddAnswerRetractionFlags1795580000000 implements MigrationInterface {
  name = 'AddAnswerRetractionFlags1795580000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE answer_retraction_flags (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        answer_id BIGINT UNSIGNED NOT NULL,
        source_key VARCHAR(255) NOT NULL,
        title TEXT NOT NULL,
        url VARCHAR(1000) NOT NULL,
        doi VARCHAR(255) NULL,
        pmid VARCHAR(20) NULL,
        flagged_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        UNIQUE KEY ux_answer_retraction_flags (answer_id, source_key),
        CONSTRAINT fk_answer_retraction_flags_answer FOREIGN KEY (answer_id) REFERENCES cancer_answers (id) ON DELETE CASCADE
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE answer_retraction_flags');
  }
}
