import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The question detail reads the retraction flags (research_retraction_flags per deep research run, answer_retraction_flags
 * per AI answer) only for a question marked here, so the many questions without any pay nothing for them. The flags stay
 * the one record of what is retracted: the mark only says that a question may have some. Set here from the flags that
 * exist; from now on every writer of a flag sets it first (markRetractedSources).
 */
export class AddQuestionRetractedSourcesMark1795600000400 implements MigrationInterface {
  name = 'AddQuestionRetractedSourcesMark1795600000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE cancer_questions ADD COLUMN has_retracted_sources TINYINT(1) NOT NULL DEFAULT 0');
    await queryRunner.query(`
      UPDATE cancer_questions SET has_retracted_sources = 1, updated_at = updated_at
      WHERE id IN (SELECT rr.question_id FROM research_runs rr JOIN research_retraction_flags f ON f.run_id = rr.id)
        OR id IN (SELECT a.question_id FROM cancer_answers a JOIN answer_retraction_flags af ON af.answer_id = a.id)
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE cancer_questions DROP COLUMN has_retracted_sources');
  }
}
