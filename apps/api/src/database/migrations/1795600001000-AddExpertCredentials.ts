import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An expert's professional details on their account (issue 44 item 7): required at registration and when changed, but
 * nullable, since experts registered before have none until they add them on /account. Sizes: EXPERT_CREDENTIAL_LIMITS.
 */
export class AddExpertCredentials1795600001000 implements MigrationInterface {
  name = 'AddExpertCredentials1795600001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users
      ADD COLUMN specialty VARCHAR(100) NULL AFTER last_name,
      ADD COLUMN licence_number VARCHAR(60) NULL AFTER specialty,
      ADD COLUMN institution VARCHAR(200) NULL AFTER licence_number`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE users DROP COLUMN institution, DROP COLUMN licence_number, DROP COLUMN specialty');
  }
}
