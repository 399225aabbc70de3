import { AiAnswerDetails, ANSWER_KINDS, AnswerKind } from '@cqa/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('cancer_answers')
export class AnswerEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true })
  id: string;

  @Column({ name: 'question_id', type: 'bigint', unsigned: true })
  questionId: string;

  @Column({ name: 'answer_type', type: 'enum', enum: ANSWER_KINDS })
  answerType: AnswerKind;

  @Column({ name: 'answer_text', type: 'mediumtext' })
  answerText: string;

  @Column({ name: 'explanation_logic', type: 'text', nullable: true })
  explanationLogic: string | null;

  /** A JSON list of strings (MariaDB keeps JSON as text; MySQL returns it parsed). */
  @Column({ type: 'json' })
  sources: string[];

  @Column({ name: 'search_method', type: 'varchar', length: 255, nullable: true })
  searchMethod: string | null;

  @Column({ name: 'expert_name', type: 'varchar', length: 200, nullable: true })
  expertName: string | null;

  @Column({ name: 'expert_id', type: 'char', length: 36, nullable: true })
  expertId: string | null;

  /** The AI run that published this generated answer (UNIQUE); null for hand-typed answers. */
  @Column({ name: 'ai_run_id', type: 'bigint', unsigned: true, nullable: true })
  aiRunId: string | null;

  /** AiAnswerDetails (contracts) of a generated AI answer. */
  @Column({ name: 'ai_details', type: 'json', nullable: true })
  aiDetails: AiAnswerDetails | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;
}
