import { AI_RUN_STATUSES, AI_RUN_TRIGGERS, AiAnswerStage, AiProfileField, AiRunKind, AiRunStatus, AiRunTimings, AiRunTrigger } from '@cqa/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One run of the AI answer job (deep research adds its own kind): progress for the UI, usage and cost for admins. */
@Entity('ai_runs')
export class AiRunEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true })
  id: string;

  @Column({ name: 'question_id', type: 'bigint', unsigned: true })
  questionId: string;

  @Column({ type: 'varchar', length: 30, default: 'ai_answer' })
  kind: AiRunKind;

  /** 'ai_answer:<question>:<generation>', UNIQUE: a retry or a double click meets the same run. */
  @Column({ name: 'job_key', type: 'varchar', length: 100, unique: true })
  jobKey: string;

  @Column({ type: 'int', unsigned: true })
  generation: number;

  @Column({ type: 'enum', enum: AI_RUN_STATUSES, default: 'queued' })
  status: AiRunStatus;

  @Column({ type: 'varchar', length: 20, default: 'queued' })
  stage: AiAnswerStage;

  @Column({ name: 'done_steps', type: 'smallint', unsigned: true, default: 0 })
  doneSteps: number;

  @Column({ name: 'total_steps', type: 'smallint', unsigned: true, default: 4 })
  totalSteps: number;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  error: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  model: string | null;

  @Column({ name: 'prompt_tokens', type: 'int', unsigned: true, default: 0 })
  promptTokens: number;

  @Column({ name: 'completion_tokens', type: 'int', unsigned: true, default: 0 })
  completionTokens: number;

  @Column({ name: 'cost_usd', type: 'decimal', precision: 12, scale: 6, nullable: true })
  costUsd: string | null;

  @Column({ name: 'use_profile', type: 'boolean', default: false })
  useProfile: boolean;

  @Column({ name: 'profile_fields_used', type: 'json', nullable: true })
  profileFieldsUsed: AiProfileField[] | null;

  @Column({ name: 'requested_by', type: 'char', length: 36, nullable: true })
  requestedBy: string | null;

  @Column({ name: 'trigger_kind', type: 'enum', enum: AI_RUN_TRIGGERS })
  trigger: AiRunTrigger;

  @Column({ name: 'answer_id', type: 'bigint', unsigned: true, nullable: true })
  answerId: string | null;

  @Column({ type: 'json', nullable: true })
  timings: AiRunTimings | null;

  @Column({ type: 'smallint', unsigned: true, default: 0 })
  attempts: number;

  /** Consecutive 429 waits (AI_RATE_LIMIT_MAX_DELAYS); back to 0 after a successful model call. */
  @Column({ name: 'rate_limit_waits', type: 'smallint', unsigned: true, default: 0 })
  rateLimitWaits: number;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @Column({ name: 'started_at', type: 'datetime', precision: 3, nullable: true })
  startedAt: Date | null;

  @Column({ name: 'finished_at', type: 'datetime', precision: 3, nullable: true })
  finishedAt: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;
}

/** Which record a run showed the model as [number]. */
@Entity('ai_run_records')
export class AiRunRecordEntity {
  @PrimaryColumn({ name: 'run_id', type: 'bigint', unsigned: true })
  runId: string;

  @PrimaryColumn({ type: 'smallint', unsigned: true })
  number: number;

  @Column({ name: 'record_id', type: 'bigint', unsigned: true })
  recordId: string;
}
