import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ReportContentType, ReportType } from '@cqa/contracts';

/** mysql2 returns BIGINT as a string; report sizes stay far below 2^53. */
const bigintAsNumber = { to: (value: number) => value, from: (value: string | number) => Number(value) };

/** A stored medical report. `fileName` is the patient's own name for the file (health data: never logged). */
@Entity('medical_reports')
export class MedicalReportEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'patient_id', type: 'char', length: 36 })
  patientId: string;

  /** Who uploaded it: the patient, or an admin editing the profile. */
  @Column({ name: 'uploaded_by', type: 'char', length: 36, nullable: true })
  uploadedBy: string | null;

  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName: string;

  /** Random; where the bytes are in the report storage. Never sent to clients. */
  @Column({ name: 'storage_key', type: 'varchar', length: 64 })
  storageKey: string;

  @Column({ name: 'report_type', type: 'varchar', length: 50 })
  reportType: ReportType;

  @Column({ name: 'content_type', type: 'varchar', length: 50 })
  contentType: ReportContentType;

  @Column({ name: 'file_size', type: 'bigint', unsigned: true, transformer: bigintAsNumber })
  fileSize: number;

  @Column({ type: 'char', length: 64 })
  sha256: string;

  @Column({ name: 'upload_date', type: 'datetime', precision: 3, default: () => 'CURRENT_TIMESTAMP(3)' })
  uploadDate: Date;
}
