import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What left the platform: every literature query an AI answer run sent, where, when, from which plan (the planner or
 * the rule builder) and with what result. Append-only for the run's life (a retried run adds its new searches); the
 * rows go with their run.
 */
export class AddAiRunQueries1795570000000 implements MigrationInterface {
  name = 'AddAiRunQueries1795570000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ai_run_queries (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        run_id BIGINT UNSIGNED NOT NULL,
        step TINYINT UNSIGNED NOT NULL,
        database_name VARCHAR(16) NOT NULL,
        query_text VARCHAR(400) NOT NULL,
        plan_source VARCHAR(16) NOT NULL,
        found INT UNSIGNED NULL,
        error VARCHAR(255) NULL,
        sent_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        KEY ix_ai_run_queries_run (run_id, id),
        CONSTRAINT fk_ai_run_queries_run FOREIGN KEY (run_id) REFERENCES ai_runs (id) ON DELETE CASCADE
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE ai_run_queries');
  }
}
