import type { LiteratureSource, RetractionStatus } from '@cqa/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One retrieved work, shared by every run that found it: unique per PMID, per DOI and per NCT id. */
@Entity('literature_records')
export class LiteratureRecordEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true })
  id: string;

  @Column({ type: 'enum', enum: ['pubmed', 'europepmc', 'ctgov', 'crossref'] })
  source: LiteratureSource;

  @Column({ type: 'varchar', length: 20, nullable: true, unique: true })
  pmid: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true, unique: true })
  doi: string | null;

  @Column({ name: 'nct_id', type: 'varchar', length: 20, nullable: true, unique: true })
  nctId: string | null;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  journal: string | null;

  @Column({ type: 'smallint', nullable: true })
  year: number | null;

  @Column({ name: 'publication_types', type: 'json' })
  publicationTypes: string[];

  /** The abstract (or a trial's summary): what quotes are checked against, with the title. */
  @Column({ type: 'mediumtext' })
  text: string;

  @Column({ type: 'varchar', length: 1000 })
  url: string;

  @Column({ type: 'enum', enum: ['retracted', 'clear', 'unknown'], default: 'unknown' })
  retraction: RetractionStatus;

  @Column({ name: 'retraction_checked_at', type: 'datetime', precision: 3, nullable: true })
  retractionCheckedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;
}
