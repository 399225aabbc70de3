import { MigrationInterface, QueryRunner } from 'typeorm';

const EVENTS_BEFORE = "'login', 'login_failed', 'registration', 'logout', 'password_reset', 'two_factor_enabled', 'two_factor_disabled', 'two_factor_reset', 'two_factor_failed'";
const EVENTS_AFTER = `${EVENTS_BEFORE}, 'password_changed', 'session_ended'`;

/** The account page's changes in the sign-in log (issue 44): a password changed while signed in, a session ended from the list. */
export class AddAccountEvents1795600000700 implements MigrationInterface {
  name = 'AddAccountEvents1795600000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE auth_logs MODIFY event_type ENUM(${EVENTS_AFTER}) NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM auth_logs WHERE event_type IN ('password_changed', 'session_ended')");
    await queryRunner.query(`ALTER TABLE auth_logs MODIFY event_type ENUM(${EVENTS_BEFORE}) NOT NULL`);
  }
}
