import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Unsubscribe tokens stored as sha256 only (issue 34, F-25). Without the clear token a user's one stored token could
 * not be put in the next e-mail, so each e-mail gets a token of its own: a row here, whose `used_at` marks the link
 * that unsubscribed (it then only shows "unsubscribed" again; it never turns e-mails off a second time). The existing
 * per-user tokens move here hashed (SHA2 of the same ASCII bytes Node hashes), so the links in e-mails already sent
 * keep working.
 */
export class HashUnsubscribeTokens1795600000208 implements MigrationInterface {
  name = 'HashUnsubscribeTokens1795600000208';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE unsubscribe_tokens (
        token_hash CHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
        user_id CHAR(36) NOT NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        used_at DATETIME(3) NULL,
        PRIMARY KEY (token_hash),
        KEY ix_unsubscribe_tokens_user (user_id),
        CONSTRAINT fk_unsubscribe_tokens_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci
    `);
    await queryRunner.query('INSERT INTO unsubscribe_tokens (token_hash, user_id) SELECT SHA2(unsubscribe_token, 256), user_id FROM notification_settings');
    await queryRunner.query('ALTER TABLE notification_settings DROP INDEX ux_notification_settings_token, DROP COLUMN unsubscribe_token');
  }

  /**
   * A hash cannot give the clear tokens back: each settings row gets a new random token instead, so unsubscribe links
   * in e-mails sent before the downgrade answer "not valid" (the account settings still turn e-mails off).
   */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE notification_settings ADD COLUMN unsubscribe_token CHAR(43) CHARACTER SET ascii COLLATE ascii_bin NULL AFTER expert_digest');
    await queryRunner.query(
      "UPDATE notification_settings SET unsubscribe_token = REPLACE(REPLACE(REPLACE(TO_BASE64(RANDOM_BYTES(32)), '=', ''), '+', '-'), '/', '_')",
    );
    await queryRunner.query(`
      ALTER TABLE notification_settings
        MODIFY unsubscribe_token CHAR(43) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
        ADD UNIQUE KEY ux_notification_settings_token (unsubscribe_token)
    `);
    await queryRunner.query('DROP TABLE unsubscribe_tokens');
  }
}
