import { MigrationInterface, QueryRunner } from 'typeorm';
import { addAuthLogEvents, removeAuthLogEvents } from './frozen/auth-log-events';

const NEW_EVENTS = ['email_change_requested', 'email_changed'];

/**
 * A change of e-mail address while signed in (issue 44): a single-use link to the new address (an email token of its
 * own purpose, which carries the address it confirms), and the two steps in the sign-in log.
 */
export class AddEmailChange1795600001100 implements MigrationInterface {
  name = 'AddEmailChange1795600001100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE email_tokens MODIFY purpose ENUM('verify_email', 'reset_password', 'change_email') NOT NULL, ADD COLUMN new_email VARCHAR(254) NULL AFTER purpose");
    await addAuthLogEvents(queryRunner, NEW_EVENTS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await removeAuthLogEvents(queryRunner, NEW_EVENTS);
    await queryRunner.query("DELETE FROM email_tokens WHERE purpose = 'change_email'");
    await queryRunner.query("ALTER TABLE email_tokens DROP COLUMN new_email, MODIFY purpose ENUM('verify_email', 'reset_password') NOT NULL");
  }
}
