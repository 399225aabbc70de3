import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Medical reports: one row per stored file. The person's file name lives only here; the stored object has a random
 * key. Deleting a patient removes the rows (the stored files are not reachable without them).
 */
export class AddMedicalReports1795480000000 implements MigrationInterface {
  name = 'AddMedicalReports1795480000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE medical_reports (
        id CHAR(36) NOT NULL,
        patient_id CHAR(36) NOT NULL,
        uploaded_by CHAR(36) NULL,
        file_name VARCHAR(255) NOT NULL,
        storage_key VARCHAR(64) NOT NULL,
        report_type VARCHAR(50) NOT NULL,
        content_type VARCHAR(50) NOT NULL,
        file_size BIGINT UNSIGNED NOT NULL,
        sha256 CHAR(64) NOT NULL,
        upload_date DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        PRIMARY KEY (id),
        UNIQUE KEY uq_medical_reports_storage_key (storage_key),
        KEY ix_medical_reports_patient_uploaded (patient_id, upload_date),
        CONSTRAINT fk_medical_reports_patient FOREIGN KEY (patient_id) REFERENCES patients (id) ON DELETE CASCADE,
        CONSTRAINT fk_medical_reports_uploader FOREIGN KEY (uploaded_by) REFERENCES users (id) ON DELETE SET NULL
      ) ${TABLE_OPTIONS}
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE medical_reports');
  }
}
