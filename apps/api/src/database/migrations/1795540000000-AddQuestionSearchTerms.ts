import { MigrationInterface, QueryRunner } from 'typeorm';
import { MAX_TERM_LENGTH, reindexAllQuestions } from './frozen/search-terms-1795540000000';

/**
 * The search's own term index (see modules/questions/question-search.ts; this migration indexes with its frozen copy in frozen/), replacing the two FULLTEXT indexes: one row per distinct term
 * per question, clustered by question (a question's terms are replaced together), with a second index in list order per
 * term that a search walks newest first. created_at is the question's, copied so that walk needs no other table.
 * question_search_vocabulary holds every term ever indexed, once: a prefix word ('chemo') finds its terms there with a
 * short range of its primary key (a DISTINCT over the term index would read every row of a common term). Terms are
 * never removed from it; one no question holds any more costs a walk of nothing. Existing questions are indexed here.
 */
export class AddQuestionSearchTerms1795540000000 implements MigrationInterface {
  name = 'AddQuestionSearchTerms1795540000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE question_search_terms (
        question_id BIGINT UNSIGNED NOT NULL,
        term VARCHAR(${MAX_TERM_LENGTH}) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
        created_at DATETIME(3) NOT NULL,
        PRIMARY KEY (question_id, term),
        KEY ix_search_terms_term (term, created_at DESC, question_id DESC),
        CONSTRAINT fk_search_terms_question FOREIGN KEY (question_id) REFERENCES cancer_questions (id) ON DELETE CASCADE
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin
    `);
    await queryRunner.query(`
      CREATE TABLE question_search_vocabulary (
        term VARCHAR(${MAX_TERM_LENGTH}) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
        PRIMARY KEY (term)
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin
    `);
    await reindexAllQuestions((sql, params) => queryRunner.query(sql, params));
    await queryRunner.query('ALTER TABLE cancer_questions DROP INDEX ft_questions_text');
    await queryRunner.query('ALTER TABLE cancer_answers DROP INDEX ft_answers_text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE cancer_answers ADD FULLTEXT INDEX ft_answers_text (answer_text)');
    await queryRunner.query('ALTER TABLE cancer_questions ADD FULLTEXT INDEX ft_questions_text (question_text)');
    await queryRunner.query('DROP TABLE question_search_vocabulary');
    await queryRunner.query('DROP TABLE question_search_terms');
  }
}
