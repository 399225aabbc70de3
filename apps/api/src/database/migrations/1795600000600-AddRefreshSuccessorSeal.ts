import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One live refresh token per session (issue 42, F-35). A rotated token keeps its successor, sealed with a key only the
 * rotated token yields, for the grace window: presented again inside it, the same successor comes back (never a second
 * one). The refresh-token prune clears the seal after the window and deletes rows that can no longer matter; it reads
 * rows by expiry and by revocation (the two new indexes).
 */
export class AddRefreshSuccessorSeal1795600000600 implements MigrationInterface {
  name = 'AddRefreshSuccessorSeal1795600000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE refresh_tokens ADD COLUMN successor_sealed VARBINARY(128) NULL AFTER rotated_at');
    await queryRunner.query('ALTER TABLE refresh_tokens ADD KEY ix_refresh_tokens_expires (expires_at), ADD KEY ix_refresh_tokens_revoked (revoked_at), ADD KEY ix_refresh_tokens_rotated (rotated_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE refresh_tokens DROP KEY ix_refresh_tokens_expires, DROP KEY ix_refresh_tokens_revoked, DROP KEY ix_refresh_tokens_rotated');
    await queryRunner.query('ALTER TABLE refresh_tokens DROP COLUMN successor_sealed');
  }
}
