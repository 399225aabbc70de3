import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
const EVENTS_BEFORE = "'login', 'login_failed', 'registration', 'logout', 'password_reset'";
const EVENTS_AFTER = `${EVENTS_BEFORE}, 'two_factor_enabled', 'two_factor_disabled', 'two_factor_reset', 'two_factor_failed'`;

/**
 * Two-factor sign-in: one authenticator per account (the TOTP secret sealed with AES-256-GCM; enabled once a code
 * confirmed it; the last accepted time step, so no code is accepted twice) and its one-time recovery codes (argon2
 * hashes). Two-factor events join the auth log.
 */
export class AddTwoFactor1795520000000 implements MigrationInterface {
  name = 'AddTwoFactor1795520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE user_two_factor (
        user_id CHAR(36) NOT NULL,
        secret_sealed VARCHAR(255) NOT NULL,
        enabled_at DATETIME(3) NULL,
        last_used_step INT UNSIGNED NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
        PRIMARY KEY (user_id),
        CONSTRAINT fk_user_two_factor_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      ) ${TABLE_OPTIONS}
    `);
    await queryRunner.query(`
      CREATE TABLE two_factor_recovery_codes (
        id CHAR(36) NOT NULL,
        user_id CHAR(36) NOT NULL,
        code_hash VARCHAR(255) NOT NULL,
        used_at DATETIME(3) NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        KEY ix_two_factor_recovery_codes_user (user_id, used_at),
        CONSTRAINT fk_two_factor_recovery_codes_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      ) ${TABLE_OPTIONS}
    `);
    await queryRunner.query(`ALTER TABLE auth_logs MODIFY event_type ENUM(${EVENTS_AFTER}) NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM auth_logs WHERE event_type IN ('two_factor_enabled', 'two_factor_disabled', 'two_factor_reset', 'two_factor_failed')`);
    await queryRunner.query(`ALTER TABLE auth_logs MODIFY event_type ENUM(${EVENTS_BEFORE}) NOT NULL`);
    await queryRunner.query('DROP TABLE two_factor_recovery_codes');
    await queryRunner.query('DROP TABLE user_two_factor');
  }
}
