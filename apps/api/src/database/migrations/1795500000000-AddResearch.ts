import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Deep research (issue 14): one row per run, one per step with its stored output (so a killed worker resumes at the
 * step it was on), and the retraction flags of the nightly re-check. A run links to its published answer through a
 * UNIQUE column, so a re-delivered publish step can never make a second answer.
 */
export class AddResearch1795500000000 implements MigrationInterface {
  name = 'AddResearch1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE research_runs (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        question_id BIGINT UNSIGNED NOT NULL,
        status VARCHAR(24) NOT NULL,
        stage VARCHAR(16) NOT NULL DEFAULT 'plan',
        progress_done INT UNSIGNED NOT NULL DEFAULT 0,
        progress_total INT UNSIGNED NOT NULL DEFAULT 0,
        attempt INT UNSIGNED NOT NULL DEFAULT 1,
        plan JSON NULL,
        plan_approved_by CHAR(36) NULL,
        plan_approved_at DATETIME(3) NULL,
        started_by CHAR(36) NULL,
        partial TINYINT(1) NOT NULL DEFAULT 0,
        partial_reason VARCHAR(255) NULL,
        error TEXT NULL,
        failed_step VARCHAR(100) NULL,
        prompt_tokens INT UNSIGNED NOT NULL DEFAULT 0,
        completion_tokens INT UNSIGNED NOT NULL DEFAULT 0,
        cost_usd DECIMAL(12, 6) NULL,
        report JSON NULL,
        answer_id BIGINT UNSIGNED NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
        finished_at DATETIME(3) NULL,
        PRIMARY KEY (id),
        UNIQUE KEY ux_research_runs_answer (answer_id),
        KEY ix_research_runs_question (question_id, id DESC),
        KEY ix_research_runs_status (status),
        CONSTRAINT fk_research_runs_question FOREIGN KEY (question_id) REFERENCES cancer_questions (id) ON DELETE CASCADE,
        CONSTRAINT fk_research_runs_answer FOREIGN KEY (answer_id) REFERENCES cancer_answers (id) ON DELETE SET NULL,
        CONSTRAINT fk_research_runs_started_by FOREIGN KEY (started_by) REFERENCES users (id) ON DELETE SET NULL
      ) ${TABLE_OPTIONS}
    `);
    await queryRunner.query(`
      CREATE TABLE research_steps (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        run_id BIGINT UNSIGNED NOT NULL,
        step_key VARCHAR(100) NOT NULL,
        stage VARCHAR(16) NOT NULL,
        status VARCHAR(16) NOT NULL DEFAULT 'pending',
        output JSON NULL,
        error TEXT NULL,
        prompt_tokens INT UNSIGNED NOT NULL DEFAULT 0,
        completion_tokens INT UNSIGNED NOT NULL DEFAULT 0,
        model_calls INT UNSIGNED NOT NULL DEFAULT 0,
        started_at DATETIME(3) NULL,
        finished_at DATETIME(3) NULL,
        PRIMARY KEY (id),
        UNIQUE KEY ux_research_steps_run_key (run_id, step_key),
        CONSTRAINT fk_research_steps_run FOREIGN KEY (run_id) REFERENCES research_runs (id) ON DELETE CASCADE
      ) ${TABLE_OPTIONS}
    `);
    await queryRunner.query(`
      CREATE TABLE research_retraction_flags (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        run_id BIGINT UNSIGNED NOT NULL,
        source_key VARCHAR(255) NOT NULL,
        title TEXT NOT NULL,
        url VARCHAR(1000) NOT NULL,
        doi VARCHAR(255) NULL,
        pmid VARCHAR(20) NULL,
        flagged_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        UNIQUE KEY ux_research_flags_run_source (run_id, source_key),
        CONSTRAINT fk_research_flags_run FOREIGN KEY (run_id) REFERENCES research_runs (id) ON DELETE CASCADE
      ) ${TABLE_OPTIONS}
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE research_retraction_flags');
    await queryRunner.query('DROP TABLE research_steps');
    await queryRunner.query('DROP TABLE research_runs');
  }
}
