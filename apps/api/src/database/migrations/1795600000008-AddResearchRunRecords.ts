import { MigrationInterface, QueryRunner } from 'typeorm';
import { moveDedupeRecords } from './frozen/research-records-1795600000008';

/**
 * Deep research's sources become rows of literature_records like the AI answer's: research_run_records numbers a
 * run's deduplicated records [1..n] (the positions its step outputs use) and marks those its published report cites.
 * The nightly retraction re-check and the admin's "which answers cite this record" read them. Existing runs' dedupe
 * outputs are moved in; `down` drops the links (the shared literature rows stay, as AI answers may cite them too).
 */
export class AddResearchRunRecords1795600000008 implements MigrationInterface {
  name = 'AddResearchRunRecords1795600000008';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE research_run_records (
        run_id BIGINT UNSIGNED NOT NULL,
        number INT UNSIGNED NOT NULL,
        record_id BIGINT UNSIGNED NOT NULL,
        cited BOOLEAN NOT NULL DEFAULT FALSE,
        PRIMARY KEY (run_id, number),
        KEY ix_research_run_records_record (record_id),
        CONSTRAINT fk_research_run_records_run FOREIGN KEY (run_id) REFERENCES research_runs (id) ON DELETE CASCADE,
        CONSTRAINT fk_research_run_records_record FOREIGN KEY (record_id) REFERENCES literature_records (id) ON DELETE CASCADE
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci
    `);
    await moveDedupeRecords((sql, params) => queryRunner.query(sql, params));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE research_run_records');
  }
}
