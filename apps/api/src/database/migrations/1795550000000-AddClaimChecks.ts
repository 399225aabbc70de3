import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per claim of a generated answer as the verifier decided it: the rule results, the support judge's verdict
 * and reason, and whether it was published. A row belongs to an AI answer run or to a deep research run (exactly one),
 * and goes when its run goes (a deleted question takes its runs).
 */
export class AddClaimChecks1795550000000 implements MigrationInterface {
  name = 'AddClaimChecks1795550000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE answer_claim_checks (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        ai_run_id BIGINT UNSIGNED NULL,
        research_run_id BIGINT UNSIGNED NULL,
        position INT UNSIGNED NOT NULL,
        section VARCHAR(32) NULL,
        claim_text TEXT NOT NULL,
        published TINYINT(1) NOT NULL,
        reasons JSON NOT NULL,
        rule_results JSON NOT NULL,
        judge_verdict VARCHAR(32) NULL,
        judge_reason VARCHAR(500) NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        UNIQUE KEY ux_claim_checks_ai_run (ai_run_id, position),
        UNIQUE KEY ux_claim_checks_research_run (research_run_id, position),
        CONSTRAINT ck_claim_checks_one_run CHECK ((ai_run_id IS NULL) <> (research_run_id IS NULL)),
        CONSTRAINT fk_claim_checks_ai_run FOREIGN KEY (ai_run_id) REFERENCES ai_runs (id) ON DELETE CASCADE,
        CONSTRAINT fk_claim_checks_research_run FOREIGN KEY (research_run_id) REFERENCES research_runs (id) ON DELETE CASCADE
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE answer_claim_checks');
  }
}
