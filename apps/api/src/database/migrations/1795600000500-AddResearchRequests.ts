import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deep research a patient asks for (issue 38): one request per question (UNIQUE question_id; a cancelled one may be
 * asked again on the same row). `status` is the request's own part (requested, taken, declined, cancelled); once taken,
 * what the patient sees follows the linked run (run_id). `reviewer_id` is set by the one conditional UPDATE that takes
 * or declines it, so two reviewers cannot both win. The queue reads open requests oldest first (ix_research_requests_queue).
 */
export class AddResearchRequests1795600000500 implements MigrationInterface {
  name = 'AddResearchRequests1795600000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE research_requests (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        question_id BIGINT UNSIGNED NOT NULL,
        requested_by CHAR(36) NOT NULL,
        status VARCHAR(16) NOT NULL,
        run_id BIGINT UNSIGNED NULL,
        reviewer_id CHAR(36) NULL,
        decline_reason VARCHAR(1000) NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        decided_at DATETIME(3) NULL,
        PRIMARY KEY (id),
        UNIQUE KEY ux_research_requests_question (question_id),
        KEY ix_research_requests_queue (status, created_at, id),
        KEY ix_research_requests_run (run_id),
        CONSTRAINT fk_research_requests_question FOREIGN KEY (question_id) REFERENCES cancer_questions (id) ON DELETE CASCADE,
        CONSTRAINT fk_research_requests_user FOREIGN KEY (requested_by) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT fk_research_requests_reviewer FOREIGN KEY (reviewer_id) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT fk_research_requests_run FOREIGN KEY (run_id) REFERENCES research_runs (id) ON DELETE SET NULL
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE research_requests');
  }
}
