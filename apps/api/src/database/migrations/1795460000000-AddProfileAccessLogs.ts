import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The profile access audit trail. No foreign keys on purpose: the trail must outlive the users and patients it names.
 */
export class AddProfileAccessLogs1795460000000 implements MigrationInterface {
  name = 'AddProfileAccessLogs1795460000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE profile_access_logs (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        actor_user_id CHAR(36) NULL,
        actor_role ENUM('patient', 'expert', 'admin') NOT NULL,
        patient_id CHAR(36) NOT NULL,
        action ENUM('profile.read', 'profile.create', 'profile.update', 'report.list', 'report.upload', 'report.download', 'report.delete') NOT NULL,
        detail VARCHAR(200) NULL,
        ip_address VARCHAR(45) NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        KEY ix_profile_access_patient (patient_id, id),
        KEY ix_profile_access_actor (actor_user_id, id)
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE profile_access_logs');
  }
}
