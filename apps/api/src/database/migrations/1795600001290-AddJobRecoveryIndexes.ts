import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The worker's recovery passes (issue 46) look every JOB_RECOVERY_INTERVAL_MS for accepted work whose job Redis may
 * have lost: AI runs queued or running, import rows not finished, import batches not finished. Without these indexes
 * each pass would read the whole table.
 */
export class AddJobRecoveryIndexes1795600001290 implements MigrationInterface {
  name = 'AddJobRecoveryIndexes1795600001290';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE ai_runs ADD KEY ix_ai_runs_status (status, id)');
    await queryRunner.query('ALTER TABLE import_rows ADD KEY ix_import_rows_status (status, id)');
    await queryRunner.query('ALTER TABLE import_batches ADD KEY ix_import_batches_unfinished (finished_at, id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE import_batches DROP KEY ix_import_batches_unfinished');
    await queryRunner.query('ALTER TABLE import_rows DROP KEY ix_import_rows_status');
    await queryRunner.query('ALTER TABLE ai_runs DROP KEY ix_ai_runs_status');
  }
}
