import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** ratings_feedback: one row per answer per patient or per expert (exactly one of the two ids is set). */
@Entity('ratings_feedback')
export class RatingEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true })
  id: string;

  @Column({ name: 'answer_id', type: 'bigint', unsigned: true })
  answerId: string;

  @Column({ type: 'tinyint', unsigned: true })
  rating: number;

  @Column({ type: 'text', nullable: true })
  feedback: string | null;

  @Column({ name: 'patient_id', type: 'char', length: 36, nullable: true })
  patientId: string | null;

  @Column({ name: 'expert_id', type: 'char', length: 36, nullable: true })
  expertId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;
}
