import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A patient's record, made at registration; the profile wizard fills the rest. */
@Entity('patients')
export class PatientEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'char', length: 36, unique: true })
  userId: string;

  @Column({ name: 'hipaa_consent', type: 'boolean', default: false })
  hipaaConsent: boolean;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName: string;

  @Column({ type: 'smallint', unsigned: true, nullable: true })
  age: number | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  sex: string | null;

  @Column({ name: 'cancer_type', type: 'varchar', length: 100, nullable: true })
  cancerType: string | null;

  @Column({ name: 'cancer_stage', type: 'varchar', length: 50, nullable: true })
  cancerStage: string | null;

  /** The profile wizard's fields (contracts PatientProfileData), cleaned before every write; age, sex, cancer_type and cancer_stage mirror it. */
  @Column({ type: 'json', nullable: true })
  profile: Record<string, unknown> | null;

  @Column({ name: 'profile_completion_percentage', type: 'int', default: 0 })
  profileCompletionPercentage: number;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;
}
