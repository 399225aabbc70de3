import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a refresh token was rotated: within a few seconds of it (REFRESH_REUSE_GRACE_SECONDS) the same client presenting
 * it again is a race between its own tabs or an aborted page load, not a theft (issue 34, F-34). Rows rotated before
 * this migration keep NULL, which counts as outside the grace window.
 */
export class AddRefreshRotatedAt1795600000050 implements MigrationInterface {
  name = 'AddRefreshRotatedAt1795600000050';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE refresh_tokens ADD COLUMN rotated_at DATETIME(3) NULL AFTER replaced_by');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE refresh_tokens DROP COLUMN rotated_at');
  }
}
