import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The patient profile: every wizard field in one JSON document on the patient row, validated and cleaned by the
 * contracts schema before it is written. The columns age, sex, cancer_type and cancer_stage stay and are kept equal
 * to the profile's fields (registration fills them; lists and reports can query them without reading JSON).
 */
export class AddPatientProfile1795470000000 implements MigrationInterface {
  name = 'AddPatientProfile1795470000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE patients ADD COLUMN profile JSON NULL AFTER cancer_stage');
    // Records made at registration start their profile from what registration asked.
    await queryRunner.query(`
      UPDATE patients SET profile = JSON_OBJECT('age', age, 'sex', sex, 'cancer_type', cancer_type, 'cancer_stage', cancer_stage)
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE patients DROP COLUMN profile');
  }
}
