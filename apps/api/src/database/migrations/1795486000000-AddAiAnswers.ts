import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * AI answers: retrieved literature as rows (one per PMID, DOI or NCT id), the runs of the AI answer job with their
 * progress, usage and cost, which records each run numbered [1..n], and on each generated answer the run that
 * published it (UNIQUE: a re-delivered job can never insert a second answer) plus the details the web renders.
 */
export class AddAiAnswers1795486000000 implements MigrationInterface {
  name = 'AddAiAnswers1795486000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE literature_records (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        source ENUM('pubmed', 'europepmc', 'ctgov', 'crossref') NOT NULL,
        pmid VARCHAR(20) NULL,
        doi VARCHAR(255) NULL,
        nct_id VARCHAR(20) NULL,
        title TEXT NOT NULL,
        journal VARCHAR(500) NULL,
        year SMALLINT NULL,
        publication_types JSON NOT NULL,
        text MEDIUMTEXT NOT NULL,
        url VARCHAR(1000) NOT NULL,
        retraction ENUM('retracted', 'clear', 'unknown') NOT NULL DEFAULT 'unknown',
        retraction_checked_at DATETIME(3) NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        UNIQUE KEY uq_literature_records_pmid (pmid),
        UNIQUE KEY uq_literature_records_doi (doi),
        UNIQUE KEY uq_literature_records_nct (nct_id)
      ) ${TABLE_OPTIONS}
    `);
    // job_key is the idempotency key ('ai_answer:<question>:<generation>'): two requests for the same new run meet on it.
    await queryRunner.query(`
      CREATE TABLE ai_runs (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        question_id BIGINT UNSIGNED NOT NULL,
        kind VARCHAR(30) NOT NULL DEFAULT 'ai_answer',
        job_key VARCHAR(100) NOT NULL,
        generation INT UNSIGNED NOT NULL,
        status ENUM('queued', 'running', 'succeeded', 'failed') NOT NULL DEFAULT 'queued',
        stage VARCHAR(20) NOT NULL DEFAULT 'queued',
        done_steps SMALLINT UNSIGNED NOT NULL DEFAULT 0,
        total_steps SMALLINT UNSIGNED NOT NULL DEFAULT 4,
        error VARCHAR(1000) NULL,
        model VARCHAR(200) NULL,
        prompt_tokens INT UNSIGNED NOT NULL DEFAULT 0,
        completion_tokens INT UNSIGNED NOT NULL DEFAULT 0,
        cost_usd DECIMAL(12, 6) NULL,
        use_profile TINYINT(1) NOT NULL DEFAULT 0,
        profile_fields_used JSON NULL,
        requested_by CHAR(36) NULL,
        trigger_kind ENUM('auto', 'admin', 'import') NOT NULL,
        answer_id BIGINT UNSIGNED NULL,
        timings JSON NULL,
        attempts SMALLINT UNSIGNED NOT NULL DEFAULT 0,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        started_at DATETIME(3) NULL,
        finished_at DATETIME(3) NULL,
        updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        UNIQUE KEY uq_ai_runs_job_key (job_key),
        KEY ix_ai_runs_question (question_id, kind, id),
        KEY ix_ai_runs_requested_created (requested_by, created_at),
        KEY ix_ai_runs_created (created_at),
        CONSTRAINT fk_ai_runs_question FOREIGN KEY (question_id) REFERENCES cancer_questions (id) ON DELETE CASCADE,
        CONSTRAINT fk_ai_runs_requested_by FOREIGN KEY (requested_by) REFERENCES users (id) ON DELETE SET NULL
      ) ${TABLE_OPTIONS}
    `);
    await queryRunner.query(`
      CREATE TABLE ai_run_records (
        run_id BIGINT UNSIGNED NOT NULL,
        number SMALLINT UNSIGNED NOT NULL,
        record_id BIGINT UNSIGNED NOT NULL,
        PRIMARY KEY (run_id, number),
        UNIQUE KEY uq_ai_run_records_record (run_id, record_id),
        KEY ix_ai_run_records_record (record_id),
        CONSTRAINT fk_ai_run_records_run FOREIGN KEY (run_id) REFERENCES ai_runs (id) ON DELETE CASCADE,
        CONSTRAINT fk_ai_run_records_record FOREIGN KEY (record_id) REFERENCES literature_records (id) ON DELETE CASCADE
      ) ${TABLE_OPTIONS}
    `);
    // No foreign key between the two (each points at the other); the UNIQUE key is what matters.
    await queryRunner.query(`
      ALTER TABLE cancer_answers
        ADD COLUMN ai_run_id BIGINT UNSIGNED NULL AFTER expert_id,
        ADD COLUMN ai_details JSON NULL AFTER ai_run_id,
        ADD UNIQUE KEY uq_answers_ai_run (ai_run_id)
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE cancer_answers DROP INDEX uq_answers_ai_run, DROP COLUMN ai_details, DROP COLUMN ai_run_id');
    await queryRunner.query('DROP TABLE ai_run_records');
    await queryRunner.query('DROP TABLE ai_runs');
    await queryRunner.query('DROP TABLE literature_records');
  }
}
