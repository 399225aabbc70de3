import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions end at an absolute time counted from sign-in (issue 17.7): every refresh token of a rotation family
 * carries the family's sign-in time, so rotating never moves it. Rows from before count from their own creation.
 */
export class AddSessionLifetimes1795510000000 implements MigrationInterface {
  name = 'AddSessionLifetimes1795510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE refresh_tokens ADD COLUMN session_started_at DATETIME(3) NULL AFTER family_id');
    await queryRunner.query('UPDATE refresh_tokens SET session_started_at = created_at');
    await queryRunner.query('ALTER TABLE refresh_tokens MODIFY session_started_at DATETIME(3) NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE refresh_tokens DROP COLUMN session_started_at');
  }
}
