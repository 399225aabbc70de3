import { Injectable } from '@nestjs/common';
import {
  AiAnswerDetails, AiAnswerStage, AnswerKind, AiRunQueryView, AiProfileField, AiRunAdminRow, AiRunStatus, AiRunTimings, AiRunTrigger, AiRunView,
  RetractionStatus,
} from '@cqa/contracts';
import { DataSource, QueryFailedError } from 'typeorm';
import { jsonColumn } from '../../../common/database/json-column';
import { answersChanged, lockQuestion, replaceGeneratedAnswer } from '../answer-writer';
import { LiteratureRecordsRepository } from '../literature/literature-records.repository';
import { type LiteratureRecord } from '../../ai';

/** Steps of a run for done/total: retrieving, generating, verifying, publishing. */
export const AI_RUN_STEPS = 4;
export const STAGE_DONE: Record<AiAnswerStage, number> = { queued: 0, retrieving: 0, generating: 1, verifying: 2, publishing: 3, done: 4 };

export interface AiRunRow {
  id: string;
  question_id: string;
  kind: string;
  job_key: string;
  generation: number;
  status: AiRunStatus;
  stage: AiAnswerStage;
  done_steps: number;
  total_steps: number;
  error: string | null;
  model: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  cost_usd: string | null;
  use_profile: number | boolean;
  requested_by: string | null;
  trigger_kind: AiRunTrigger;
  answer_id: string | null;
  timings: unknown;
  attempts: number;
  rate_limit_waits: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface RunQuestion {
  id: string;
  question_text: string;
  cancer_type: string | null;
  patient_id: string | null;
  user_id: string | null;
}

/** A record of a run with its row id and its [number]. */
export interface NumberedRecord extends LiteratureRecord {
  recordId: string;
  number: number;
}

export interface PublishInput {
  runId: number;
  questionId: number;
  markdown: string;
  sourceLines: string[];
  searchMethod: string;
  details: AiAnswerDetails;
}

export type PublishOutcome = { kind: 'published'; answerId: number } | { kind: 'already'; answerId: number | null } | { kind: 'gone' };

const iso = (d: Date | string | null) => (d == null ? null : (d instanceof Date ? d : new Date(d)).toISOString());
const isDuplicate = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === 'ER_DUP_ENTRY';

export function toRunView(row: AiRunRow): AiRunView {
  return {
    id: Number(row.id),
    question_id: Number(row.question_id),
    status: row.status,
    stage: row.stage,
    done: Number(row.done_steps),
    total: Number(row.total_steps),
    error: row.error,
    answer_id: row.answer_id == null ? null : Number(row.answer_id),
    created_at: iso(row.created_at)!,
    finished_at: iso(row.finished_at),
  };
}

/** Every statement of the AI answer runs, plain SQL like the answers'. */
@Injectable()
export class AiRunsRepository {
  constructor(private readonly ds: DataSource, private readonly literature: LiteratureRecordsRepository) {}

  async run(id: number): Promise<AiRunRow | undefined> {
    const [row] = (await this.ds.query('SELECT * FROM ai_runs WHERE id = ?', [id])) as AiRunRow[];
    return row;
  }

  async latestRun(questionId: number): Promise<AiRunRow | undefined> {
    const [row] = (await this.ds.query(
      "SELECT * FROM ai_runs WHERE question_id = ? AND kind = 'ai_answer' ORDER BY id DESC LIMIT 1",
      [questionId],
    )) as AiRunRow[];
    return row;
  }

  async questionExists(questionId: number): Promise<boolean> {
    return ((await this.ds.query('SELECT 1 FROM cancer_questions WHERE id = ?', [questionId])) as unknown[]).length > 0;
  }

  async question(questionId: number): Promise<RunQuestion | undefined> {
    const [row] = (await this.ds.query(
      'SELECT id, question_text, cancer_type, patient_id, user_id FROM cancer_questions WHERE id = ?',
      [questionId],
    )) as RunQuestion[];
    return row;
  }

  /** The new run's id, or the id of the run another request just created under the same key. */
  async insertRun(input: {
    questionId: number; generation: number; trigger: AiRunTrigger; requestedBy: string | null; useProfile: boolean;
  }): Promise<number> {
    return (await this.createRun(input)).id;
  }

  /** As insertRun, and whether this call created the row (false: another request's run under the same key). */
  async createRun(input: {
    questionId: number; generation: number; trigger: AiRunTrigger; requestedBy: string | null; useProfile: boolean;
  }): Promise<{ id: number; created: boolean }> {
    const jobKey = `ai_answer:${input.questionId}:${input.generation}`;
    try {
      const result = (await this.ds.query(
        `INSERT INTO ai_runs (question_id, kind, job_key, generation, trigger_kind, requested_by, use_profile, total_steps)
         VALUES (?, 'ai_answer', ?, ?, ?, ?, ?, ?)`,
        [input.questionId, jobKey, input.generation, input.trigger, input.requestedBy, input.useProfile, AI_RUN_STEPS],
      )) as { insertId: number | string };
      return { id: Number(result.insertId), created: true };
    } catch (error) {
      if (!isDuplicate(error)) throw error;
      const [row] = (await this.ds.query('SELECT id FROM ai_runs WHERE job_key = ?', [jobKey])) as { id: string }[];
      return { id: Number(row.id), created: false };
    }
  }

  async markRunning(id: number): Promise<void> {
    await this.ds.query(
      `UPDATE ai_runs SET status = 'running', stage = 'retrieving', done_steps = 0, error = NULL, attempts = attempts + 1,
         started_at = COALESCE(started_at, NOW(3)) WHERE id = ? AND status <> 'succeeded'`,
      [id],
    );
  }

  async progress(id: number, stage: AiAnswerStage): Promise<void> {
    await this.ds.query("UPDATE ai_runs SET stage = ?, done_steps = ? WHERE id = ? AND status = 'running'", [stage, STAGE_DONE[stage], id]);
  }

  /** Back in the queue (a delay for a rate limit, or a retry); `note` is shown while it waits. */
  async requeue(id: number, note: string | null): Promise<void> {
    await this.ds.query("UPDATE ai_runs SET status = 'queued', stage = 'queued', done_steps = 0, error = ? WHERE id = ? AND status <> 'succeeded'", [note, id]);
  }

  /** Back in the queue to wait out a 429: one more consecutive wait. */
  async requeueForRateLimit(id: number): Promise<void> {
    await this.ds.query(
      "UPDATE ai_runs SET status = 'queued', stage = 'queued', done_steps = 0, error = NULL, rate_limit_waits = rate_limit_waits + 1 WHERE id = ? AND status <> 'succeeded'",
      [id],
    );
  }

  async fail(id: number, message: string, timings: AiRunTimings | null = null): Promise<void> {
    await this.ds.query(
      "UPDATE ai_runs SET status = 'failed', error = ?, finished_at = NOW(3), timings = COALESCE(?, timings) WHERE id = ? AND status <> 'succeeded'",
      [message.slice(0, 1000), timings ? JSON.stringify(timings) : null, id],
    );
  }

  /**
   * Tokens and cost add up over attempts: a retried call was paid for too. `model` null: the call (the support judge's)
   * adds its tokens and cost without renaming the run's answering model. A call that answered ends a run of 429 waits.
   */
  async addUsage(id: number, usage: { model: string | null; promptTokens: number; completionTokens: number; costUsd: number | null }): Promise<void> {
    await this.ds.query(
      `UPDATE ai_runs SET model = COALESCE(?, model), prompt_tokens = prompt_tokens + ?, completion_tokens = completion_tokens + ?,
         cost_usd = IF(? IS NULL, cost_usd, COALESCE(cost_usd, 0) + ?), rate_limit_waits = 0 WHERE id = ?`,
      [usage.model, usage.promptTokens, usage.completionTokens, usage.costUsd, usage.costUsd, id],
    );
  }

  async setProfileFields(id: number, fields: AiProfileField[]): Promise<void> {
    await this.ds.query('UPDATE ai_runs SET profile_fields_used = ? WHERE id = ?', [JSON.stringify(fields), id]);
  }

  async setTimings(id: number, timings: AiRunTimings): Promise<void> {
    await this.ds.query('UPDATE ai_runs SET timings = ? WHERE id = ?', [JSON.stringify(timings), id]);
  }

  /** Appends one literature search the run sent (ai_run_queries: the audit of what left the platform). */
  async recordQuery(runId: number, query: Omit<AiRunQueryView, 'sent_at'>): Promise<void> {
    await this.ds.query(
      'INSERT INTO ai_run_queries (run_id, step, database_name, query_text, plan_source, found, error) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [runId, query.step, query.database, query.query.slice(0, 400), query.source, query.found, query.error?.slice(0, 255) ?? null],
    );
  }

  async queries(runId: number): Promise<AiRunQueryView[]> {
    const rows = (await this.ds.query(
      'SELECT step, database_name, query_text, plan_source, found, error, sent_at FROM ai_run_queries WHERE run_id = ? ORDER BY id',
      [runId],
    )) as Array<{ step: number; database_name: AiRunQueryView['database']; query_text: string; plan_source: AiRunQueryView['source']; found: number | null; error: string | null; sent_at: Date }>;
    return rows.map((r) => ({
      step: Number(r.step), database: r.database_name, query: r.query_text, source: r.plan_source,
      found: r.found == null ? null : Number(r.found), error: r.error, sent_at: iso(r.sent_at)!,
    }));
  }

  /**
   * Stores the run's records (one row per work, shared across runs) and numbers them [1..n] for this run. A
   * restarted run renumbers from scratch.
   */
  async storeRecords(runId: number, records: readonly LiteratureRecord[]): Promise<NumberedRecord[]> {
    const ids = await this.literature.upsertAll(records);
    return this.ds.transaction(async (manager) => {
      await manager.query('DELETE FROM ai_run_records WHERE run_id = ?', [runId]);
      const out: NumberedRecord[] = [];
      const seen = new Set<string>();
      for (const [i, record] of records.entries()) {
        if (seen.has(ids[i])) continue;
        seen.add(ids[i]);
        const number = out.length + 1;
        await manager.query('INSERT INTO ai_run_records (run_id, number, record_id) VALUES (?, ?, ?)', [runId, number, ids[i]]);
        out.push({ ...record, recordId: ids[i], number });
      }
      return out;
    });
  }

  async saveRetractions(records: ReadonlyArray<{ recordId: string; retraction: RetractionStatus }>): Promise<void> {
    await this.literature.saveRetractions(records);
  }

  /**
   * One transaction: the generated answer replaces the question's earlier generated AI answers (hand-typed ones stay),
   * the question's counts are refreshed, and the run is marked succeeded. The UNIQUE ai_run_id and the run's status
   * make a second delivery of the same job a no-op.
   */
  async publish(input: PublishInput): Promise<PublishOutcome> {
    try {
      return await this.ds.transaction('READ COMMITTED', async (manager) => {
        if (!(await lockQuestion(manager, input.questionId))) return { kind: 'gone' };
        const [run] = (await manager.query('SELECT status, answer_id FROM ai_runs WHERE id = ? FOR UPDATE', [input.runId])) as Pick<AiRunRow, 'status' | 'answer_id'>[];
        if (!run) return { kind: 'gone' };
        if (run.status === 'succeeded') return { kind: 'already', answerId: run.answer_id == null ? null : Number(run.answer_id) };
        const newer = (await manager.query(
          "SELECT id FROM cancer_answers WHERE question_id = ? AND answer_type = 'ai' AND ai_run_id > ? LIMIT 1",
          [input.questionId, input.runId],
        )) as unknown[];
        if (newer.length > 0) {
          await manager.query(
            "UPDATE ai_runs SET status = 'succeeded', stage = 'done', done_steps = total_steps, error = 'Superseded by a newer run', finished_at = NOW(3) WHERE id = ?",
            [input.runId],
          );
          return { kind: 'already', answerId: null };
        }
        const answerId = await replaceGeneratedAnswer(manager, input.questionId, {
          kind: AnswerKind.Ai, answer_text: input.markdown, explanation_logic: null, sources: input.sourceLines, search_method: input.searchMethod,
          ai_run_id: input.runId, ai_details: input.details,
        });
        await answersChanged(manager, input.questionId);
        await manager.query(
          "UPDATE ai_runs SET status = 'succeeded', stage = 'done', done_steps = total_steps, error = NULL, answer_id = ?, finished_at = NOW(3) WHERE id = ?",
          [answerId, input.runId],
        );
        return { kind: 'published', answerId };
      });
    } catch (error) {
      // Another delivery of this job published between our check and insert.
      if (isDuplicate(error)) return { kind: 'already', answerId: null };
      throw error;
    }
  }

  async list(page: number, perPage: number): Promise<{ items: AiRunAdminRow[]; total: number }> {
    const rows = (await this.ds.query(
      `SELECT r.*, LEFT(q.question_text, 200) AS question_text FROM ai_runs r JOIN cancer_questions q ON q.id = r.question_id
       ORDER BY r.id DESC LIMIT ? OFFSET ?`,
      [perPage, (page - 1) * perPage],
    )) as Array<AiRunRow & { question_text: string }>;
    const [count] = (await this.ds.query('SELECT COUNT(*) AS n FROM ai_runs')) as { n: number | string }[];
    return {
      total: Number(count.n),
      items: rows.map((row) => ({
        id: Number(row.id),
        question_id: Number(row.question_id),
        question_text: row.question_text,
        trigger: row.trigger_kind,
        status: row.status,
        stage: row.stage,
        model: row.model,
        prompt_tokens: Number(row.prompt_tokens),
        completion_tokens: Number(row.completion_tokens),
        cost_usd: row.cost_usd == null ? null : Number(row.cost_usd),
        use_profile: Boolean(Number(row.use_profile)),
        error: row.error,
        answer_id: row.answer_id == null ? null : Number(row.answer_id),
        created_at: iso(row.created_at)!,
        finished_at: iso(row.finished_at),
        duration_ms: row.started_at && row.finished_at ? new Date(row.finished_at).getTime() - new Date(row.started_at).getTime() : null,
        timings: jsonColumn<AiRunTimings>(row.timings),
      })),
    };
  }

  /** For tests and the benchmark: how many generated answers a question has. */
  async generatedAnswerIds(questionId: number): Promise<number[]> {
    const rows = (await this.ds.query("SELECT id FROM cancer_answers WHERE question_id = ? AND ai_run_id IS NOT NULL ORDER BY id", [questionId])) as { id: string }[];
    return rows.map((r) => Number(r.id));
  }
}
