import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Questions, answers and ratings (spec section 3).
 *
 * The question list never aggregates: answers_count and has_expert_answer are kept by the service in the same transaction
 * as every answer change. cancer_type_key is the cancer type as filtered and shown ('General' for missing, empty or
 * 'undefined'), generated so that every writer gets it right and the filter is one index range.
 * Each list shape (all, by expert answer, by cancer type, by both) has an index ending in (created_at DESC, id DESC), so a
 * page is a short forward index scan (descending indexes: MySQL 8, MariaDB 10.8+; a deep page skips a quarter faster
 * than on an ascending index read backwards), and the list reads whole rows only for the ids of the page (deferred join).
 * answers_count at the end of the cancer-type index lets the dashboard sum answers from the index alone.
 */
export class AddQuestionsAnswers1795453200000 implements MigrationInterface {
  name = 'AddQuestionsAnswers1795453200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE cancer_questions (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        question_text TEXT NOT NULL,
        cancer_type VARCHAR(100) NULL,
        cancer_type_key VARCHAR(100) AS (CASE WHEN cancer_type IS NULL OR TRIM(cancer_type) IN ('', 'undefined') THEN 'General' ELSE TRIM(cancer_type) END) STORED,
        user_id CHAR(36) NULL,
        patient_id CHAR(36) NULL,
        answers_count INT UNSIGNED NOT NULL DEFAULT 0,
        has_expert_answer TINYINT(1) NOT NULL DEFAULT 0,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        KEY ix_questions_created (created_at DESC, id DESC),
        KEY ix_questions_expert_created (has_expert_answer, created_at DESC, id DESC),
        KEY ix_questions_type_created (cancer_type_key, created_at DESC, id DESC, answers_count),
        KEY ix_questions_type_expert_created (cancer_type_key, has_expert_answer, created_at DESC, id DESC),
        KEY ix_questions_user (user_id),
        KEY ix_questions_patient (patient_id),
        FULLTEXT KEY ft_questions_text (question_text),
        CONSTRAINT fk_questions_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT fk_questions_patient FOREIGN KEY (patient_id) REFERENCES patients (id) ON DELETE SET NULL
      ) ${TABLE_OPTIONS}
    `);
    await queryRunner.query(`
      CREATE TABLE cancer_answers (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        question_id BIGINT UNSIGNED NOT NULL,
        answer_type ENUM('ai', 'quora', 'expert', 'deep_research') NOT NULL,
        answer_text MEDIUMTEXT NOT NULL,
        explanation_logic TEXT NULL,
        sources JSON NOT NULL,
        search_method VARCHAR(255) NULL,
        expert_name VARCHAR(200) NULL,
        expert_id CHAR(36) NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        KEY ix_answers_question_created (question_id, created_at DESC, id DESC),
        KEY ix_answers_expert (expert_id),
        FULLTEXT KEY ft_answers_text (answer_text),
        CONSTRAINT fk_answers_question FOREIGN KEY (question_id) REFERENCES cancer_questions (id) ON DELETE CASCADE,
        CONSTRAINT fk_answers_expert FOREIGN KEY (expert_id) REFERENCES users (id) ON DELETE SET NULL
      ) ${TABLE_OPTIONS}
    `);
    // One row per answer per patient or expert; MySQL refuses CHECKs on columns with FK actions, so the service ensures
    // exactly one of patient_id and expert_id is set.
    await queryRunner.query(`
      CREATE TABLE ratings_feedback (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        answer_id BIGINT UNSIGNED NOT NULL,
        rating TINYINT UNSIGNED NOT NULL,
        feedback TEXT NULL,
        patient_id CHAR(36) NULL,
        expert_id CHAR(36) NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        UNIQUE KEY uq_ratings_answer_patient (answer_id, patient_id),
        UNIQUE KEY uq_ratings_answer_expert (answer_id, expert_id),
        KEY ix_ratings_answer_rating (answer_id, rating),
        KEY ix_ratings_patient (patient_id),
        KEY ix_ratings_expert (expert_id),
        CONSTRAINT ck_ratings_range CHECK (rating BETWEEN 1 AND 5),
        CONSTRAINT fk_ratings_answer FOREIGN KEY (answer_id) REFERENCES cancer_answers (id) ON DELETE CASCADE,
        CONSTRAINT fk_ratings_patient FOREIGN KEY (patient_id) REFERENCES patients (id) ON DELETE CASCADE,
        CONSTRAINT fk_ratings_expert FOREIGN KEY (expert_id) REFERENCES users (id) ON DELETE CASCADE
      ) ${TABLE_OPTIONS}
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE ratings_feedback');
    await queryRunner.query('DROP TABLE cancer_answers');
    await queryRunner.query('DROP TABLE cancer_questions');
  }
}
