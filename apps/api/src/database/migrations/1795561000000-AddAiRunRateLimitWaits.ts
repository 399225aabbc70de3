import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Consecutive 429 waits of an AI answer run: each moves the job to delayed without spending an attempt, so the
 * count lives on the run; past AI_RATE_LIMIT_MAX_DELAYS the run fails. A successful model call sets it back to 0.
 */
export class AddAiRunRateLimitWaits1795561000000 implements MigrationInterface {
  name = 'AddAiRunRateLimitWaits1795561000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE ai_runs ADD COLUMN rate_limit_waits SMALLINT UNSIGNED NOT NULL DEFAULT 0 AFTER attempts');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE ai_runs DROP COLUMN rate_limit_waits');
  }
}
