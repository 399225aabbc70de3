import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** Registration consent, patient records, email tokens, refresh tokens and auth logs. */
export class AddAccounts1795366800000 implements MigrationInterface {
  name = 'AddAccounts1795366800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE users
        ADD COLUMN terms_consent TINYINT(1) NOT NULL DEFAULT 0 AFTER is_blocked,
        ADD COLUMN terms_consent_date DATETIME(3) NULL AFTER terms_consent,
        ADD COLUMN last_sign_in_at DATETIME(3) NULL AFTER terms_consent_date
    `);
    await queryRunner.query(`
      CREATE TABLE patients (
        id CHAR(36) NOT NULL,
        user_id CHAR(36) NOT NULL,
        hipaa_consent TINYINT(1) NOT NULL DEFAULT 0,
        first_name VARCHAR(100) NOT NULL,
        last_name VARCHAR(100) NOT NULL,
        age SMALLINT UNSIGNED NULL,
        sex VARCHAR(50) NULL,
        cancer_type VARCHAR(100) NULL,
        cancer_stage VARCHAR(50) NULL,
        profile_completion_percentage INT NOT NULL DEFAULT 0,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        UNIQUE KEY uq_patients_user (user_id),
        CONSTRAINT fk_patients_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      ) ${TABLE_OPTIONS}
    `);
    await queryRunner.query(`
      CREATE TABLE email_tokens (
        id CHAR(36) NOT NULL,
        user_id CHAR(36) NOT NULL,
        purpose ENUM('verify_email', 'reset_password') NOT NULL,
        token_hash CHAR(64) NOT NULL,
        expires_at DATETIME(3) NOT NULL,
        used_at DATETIME(3) NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        UNIQUE KEY uq_email_tokens_hash (token_hash),
        KEY ix_email_tokens_user_purpose (user_id, purpose),
        CONSTRAINT fk_email_tokens_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      ) ${TABLE_OPTIONS}
    `);
    await queryRunner.query(`
      CREATE TABLE refresh_tokens (
        id CHAR(36) NOT NULL,
        user_id CHAR(36) NOT NULL,
        family_id CHAR(36) NOT NULL,
        token_hash CHAR(64) NOT NULL,
        expires_at DATETIME(3) NOT NULL,
        revoked_at DATETIME(3) NULL,
        replaced_by CHAR(36) NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        user_agent VARCHAR(512) NULL,
        PRIMARY KEY (id),
        UNIQUE KEY uq_refresh_tokens_hash (token_hash),
        KEY ix_refresh_tokens_family (family_id),
        KEY ix_refresh_tokens_user (user_id),
        CONSTRAINT fk_refresh_tokens_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      ) ${TABLE_OPTIONS}
    `);
    await queryRunner.query(`
      CREATE TABLE auth_logs (
        id CHAR(36) NOT NULL,
        user_id CHAR(36) NULL,
        event_type ENUM('login', 'login_failed', 'registration', 'logout', 'password_reset') NOT NULL,
        ip_address VARCHAR(45) NULL,
        user_agent VARCHAR(512) NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        KEY ix_auth_logs_created (created_at),
        KEY ix_auth_logs_user_created (user_id, created_at),
        KEY ix_auth_logs_event_created (event_type, created_at),
        CONSTRAINT fk_auth_logs_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL
      ) ${TABLE_OPTIONS}
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE auth_logs');
    await queryRunner.query('DROP TABLE refresh_tokens');
    await queryRunner.query('DROP TABLE email_tokens');
    await queryRunner.query('DROP TABLE patients');
    await queryRunner.query('ALTER TABLE users DROP COLUMN last_sign_in_at, DROP COLUMN terms_consent_date, DROP COLUMN terms_consent');
  }
}
