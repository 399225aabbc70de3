import { Injectable, NotFoundException } from '@nestjs/common';
import { AnswerKind, Messages, ResearchPlan, ResearchReport, ResearchStage, ResearchStatus, ResearchStepStatus, RESEARCH_ACTIVE_STATUSES } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { type LiteratureRecord } from '../../ai';
import { markRetractedSources } from '../answer-retractions.repository';
import { AnswerColumns, AnswersRepository } from '../answers.repository';
import { LiteratureRecordsRepository } from '../literature/literature-records.repository';

export interface RunRow {
  id: number;
  question_id: number;
  status: ResearchStatus;
  stage: ResearchStage;
  progress_done: number;
  progress_total: number;
  attempt: number;
  plan: ResearchPlan | null;
  plan_approved_by: string | null;
  plan_approved_at: Date | null;
  started_by: string | null;
  partial: number;
  partial_reason: string | null;
  error: string | null;
  failed_step: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  cost_usd: string | null;
  report: ResearchReport | null;
  answer_id: number | null;
  created_at: Date;
  finished_at: Date | null;
}

export interface StepRow {
  step_key: string;
  stage: ResearchStage;
  status: ResearchStepStatus;
  output: unknown;
  error: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  model_calls: number;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface FlagRow {
  run_id: number;
  answer_id: number | null;
  question_id: number;
  question_text: string;
  title: string;
  url: string;
  doi: string | null;
  pmid: string | null;
  flagged_at: Date;
}

const json = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

function toRun(row: Record<string, unknown>): RunRow {
  return {
    ...(row as unknown as RunRow),
    id: Number(row.id),
    question_id: Number(row.question_id),
    answer_id: row.answer_id === null ? null : Number(row.answer_id),
    plan: json(row.plan) as ResearchPlan | null,
    report: json(row.report) as ResearchReport | null,
  };
}

/** The research_* tables; the published answer goes through the answers repository (its counts included). */
@Injectable()
export class ResearchRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly answers: AnswersRepository,
    private readonly literature: LiteratureRecordsRepository,
  ) {}

  async questionText(questionId: number): Promise<string | null> {
    const [row] = (await this.ds.query('SELECT question_text FROM cancer_questions WHERE id = ?', [questionId])) as { question_text: string }[];
    return row?.question_text ?? null;
  }

  /** Refused (null) while another run of the question is active: one statement under the question's row lock. */
  async createRun(questionId: number, startedBy: string | null): Promise<number | null> {
    return this.ds.transaction('READ COMMITTED', async (manager) => {
      const q = (await manager.query('SELECT id FROM cancer_questions WHERE id = ? FOR UPDATE', [questionId])) as unknown[];
      if (q.length === 0) throw new NotFoundException(Messages.errors.questionNotFound);
      const active = (await manager.query(
        `SELECT id FROM research_runs WHERE question_id = ? AND status IN (${RESEARCH_ACTIVE_STATUSES.map(() => '?').join(',')}) LIMIT 1`,
        [questionId, ...RESEARCH_ACTIVE_STATUSES],
      )) as unknown[];
      if (active.length > 0) return null;
      const result = (await manager.query(
        "INSERT INTO research_runs (question_id, status, stage, started_by) VALUES (?, 'planning', 'plan', ?)",
        [questionId, startedBy],
      )) as { insertId: number | string };
      return Number(result.insertId);
    });
  }

  async run(id: number): Promise<RunRow | undefined> {
    const [row] = (await this.ds.query('SELECT * FROM research_runs WHERE id = ?', [id])) as Record<string, unknown>[];
    return row ? toRun(row) : undefined;
  }

  async latestRun(questionId: number, completedOnly = false): Promise<RunRow | undefined> {
    const [row] = (await this.ds.query(
      `SELECT * FROM research_runs WHERE question_id = ? ${completedOnly ? "AND status = 'completed' AND answer_id IS NOT NULL" : ''} ORDER BY id DESC LIMIT 1`,
      [questionId],
    )) as Record<string, unknown>[];
    return row ? toRun(row) : undefined;
  }

  async status(id: number): Promise<ResearchStatus | undefined> {
    const [row] = (await this.ds.query('SELECT status FROM research_runs WHERE id = ?', [id])) as { status: ResearchStatus }[];
    return row?.status;
  }

  async update(id: number, fields: Partial<Record<keyof RunRow, unknown>>): Promise<void> {
    const entries = Object.entries(fields);
    if (entries.length === 0) return;
    const sets = entries.map(([k]) => `${k} = ?`).join(', ');
    const values = entries.map(([k, v]) => ((k === 'plan' || k === 'report') && v !== null ? JSON.stringify(v) : v));
    await this.ds.query(`UPDATE research_runs SET ${sets} WHERE id = ?`, [...values, id]);
  }

  /** Changes the status only when it is one of `from`; whether it did. */
  async transition(id: number, from: ResearchStatus[], fields: Partial<Record<keyof RunRow, unknown>>): Promise<boolean> {
    const entries = Object.entries(fields);
    const sets = entries.map(([k]) => `${k} = ?`).join(', ');
    const values = entries.map(([k, v]) => ((k === 'plan' || k === 'report') && v !== null ? JSON.stringify(v) : v));
    const result = (await this.ds.query(
      `UPDATE research_runs SET ${sets} WHERE id = ? AND status IN (${from.map(() => '?').join(',')})`,
      [...values, id, ...from],
    )) as { affectedRows: number };
    return result.affectedRows > 0;
  }

  async addUsage(id: number, promptTokens: number, completionTokens: number, costUsd: number | null): Promise<void> {
    await this.ds.query(
      `UPDATE research_runs SET prompt_tokens = prompt_tokens + ?, completion_tokens = completion_tokens + ?,
         cost_usd = CASE WHEN ? IS NULL THEN cost_usd ELSE COALESCE(cost_usd, 0) + ? END WHERE id = ?`,
      [promptTokens, completionTokens, costUsd, costUsd, id],
    );
  }

  async steps(runId: number): Promise<StepRow[]> {
    const rows = (await this.ds.query('SELECT * FROM research_steps WHERE run_id = ? ORDER BY id', [runId])) as Record<string, unknown>[];
    return rows.map((r) => ({ ...(r as unknown as StepRow), output: json(r.output) }));
  }

  async step(runId: number, key: string): Promise<StepRow | undefined> {
    const [row] = (await this.ds.query('SELECT * FROM research_steps WHERE run_id = ? AND step_key = ?', [runId, key])) as Record<string, unknown>[];
    return row ? { ...(row as unknown as StepRow), output: json(row.output) } : undefined;
  }

  async startStep(runId: number, key: string, stage: ResearchStage): Promise<void> {
    await this.ds.query(
      `INSERT INTO research_steps (run_id, step_key, stage, status, started_at) VALUES (?, ?, ?, 'running', CURRENT_TIMESTAMP(3))
       ON DUPLICATE KEY UPDATE status = 'running', error = NULL, started_at = CURRENT_TIMESTAMP(3), finished_at = NULL`,
      [runId, key, stage],
    );
  }

  /**
   * `records` (the dedupe step's): stored as literature_records and linked to the run as numbers 1..n in the same
   * transaction as the output that numbers them; a re-delivered step rewrites the same rows.
   */
  async finishStep(
    runId: number,
    key: string,
    status: ResearchStepStatus,
    fields: {
      output?: unknown; error?: string | null; promptTokens?: number; completionTokens?: number; modelCalls?: number;
      records?: readonly LiteratureRecord[];
    },
  ): Promise<void> {
    const ids = fields.records ? await this.literature.upsertAll(fields.records) : null;
    await this.ds.transaction(async (manager) => {
      if (ids) {
        await manager.query('DELETE FROM research_run_records WHERE run_id = ? AND number > ?', [runId, ids.length]);
        for (const [i, id] of ids.entries()) {
          await manager.query(
            'INSERT INTO research_run_records (run_id, number, record_id) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE record_id = VALUES(record_id)',
            [runId, i + 1, id],
          );
        }
      }
      await manager.query(
        `UPDATE research_steps SET status = ?, output = ?, error = ?, prompt_tokens = prompt_tokens + ?, completion_tokens = completion_tokens + ?,
           model_calls = model_calls + ?, finished_at = CURRENT_TIMESTAMP(3) WHERE run_id = ? AND step_key = ?`,
        [
          status, fields.output === undefined ? null : JSON.stringify(fields.output), fields.error ?? null,
          fields.promptTokens ?? 0, fields.completionTokens ?? 0, fields.modelCalls ?? 0, runId, key,
        ],
      );
    });
  }

  /** The run's linked records, by number (research_run_records). */
  async runRecords(runId: number): Promise<Array<{ number: number; recordId: number; cited: boolean }>> {
    const rows = (await this.ds.query('SELECT number, record_id, cited FROM research_run_records WHERE run_id = ? ORDER BY number', [runId])) as {
      number: number; record_id: string; cited: number;
    }[];
    return rows.map((r) => ({ number: Number(r.number), recordId: Number(r.record_id), cited: Boolean(Number(r.cited)) }));
  }

  async resetUnfinishedSteps(runId: number): Promise<void> {
    await this.ds.query("UPDATE research_steps SET status = 'pending' WHERE run_id = ? AND status IN ('failed', 'running', 'cancelled')", [runId]);
  }

  /**
   * The answer and the run's UNIQUE link in one transaction under the run's row lock: a re-delivered publish step
   * finds the link and makes no second answer; a cancelled run publishes nothing. Null when cancelled.
   */
  async publish(runId: number, questionId: number, fields: AnswerColumns, citedNumbers: readonly number[]): Promise<number | null> {
    return this.ds.transaction('READ COMMITTED', async (manager) => {
      const [run] = (await manager.query('SELECT status, answer_id FROM research_runs WHERE id = ? FOR UPDATE', [runId])) as {
        status: ResearchStatus;
        answer_id: number | null;
      }[];
      if (!run || run.status === 'cancelled') return null;
      if (citedNumbers.length > 0) {
        await manager.query(
          `UPDATE research_run_records SET cited = (number IN (${citedNumbers.map(() => '?').join(',')})) WHERE run_id = ?`,
          [...citedNumbers, runId],
        );
      }
      if (run.answer_id !== null) return Number(run.answer_id);
      const answerId = await this.answers.insert(questionId, AnswerKind.DeepResearch, fields, { id: null, name: null }, manager);
      await manager.query('UPDATE research_runs SET answer_id = ? WHERE id = ?', [answerId, runId]);
      return answerId;
    });
  }

  /** For the nightly re-check: each record with a DOI a published report cites, unless that run is already flagged for it. */
  async citedUnflaggedRecords(): Promise<Array<{ runId: number; recordId: number; doi: string; pmid: string | null; title: string; url: string }>> {
    const rows = (await this.ds.query(
      `SELECT rr.run_id, lr.id AS record_id, lr.doi, lr.pmid, lr.title, lr.url
       FROM research_run_records rr
       JOIN research_runs r ON r.id = rr.run_id
       JOIN literature_records lr ON lr.id = rr.record_id
       LEFT JOIN research_retraction_flags f ON f.run_id = rr.run_id AND f.source_key = CONCAT('doi:', LOWER(lr.doi))
       WHERE rr.cited AND lr.doi IS NOT NULL AND r.status = 'completed' AND r.answer_id IS NOT NULL AND r.report IS NOT NULL AND f.id IS NULL
       ORDER BY rr.run_id, rr.number`,
    )) as { run_id: string; record_id: string; doi: string; pmid: string | null; title: string; url: string }[];
    return rows.map((r) => ({ runId: Number(r.run_id), recordId: Number(r.record_id), doi: r.doi, pmid: r.pmid, title: r.title, url: r.url }));
  }

  async markRetracted(recordId: number): Promise<void> {
    await this.literature.markRetracted({ id: recordId });
  }

  /** Whether the flag is new. The question is marked first (markRetractedSources): a flag never exists without its mark. */
  async flag(runId: number, sourceKey: string, source: { title: string; url: string; doi: string | null; pmid: string | null }): Promise<boolean> {
    await markRetractedSources((sql, params) => this.ds.query(sql, params), { runId });
    const result = (await this.ds.query(
      'INSERT IGNORE INTO research_retraction_flags (run_id, source_key, title, url, doi, pmid) VALUES (?, ?, ?, ?, ?, ?)',
      [runId, sourceKey, source.title, source.url, source.doi, source.pmid],
    )) as { affectedRows: number };
    return result.affectedRows > 0;
  }

  async flags(runId?: number): Promise<FlagRow[]> {
    const rows = (await this.ds.query(
      `SELECT f.run_id, r.answer_id, r.question_id, q.question_text, f.title, f.url, f.doi, f.pmid, f.flagged_at
       FROM research_retraction_flags f JOIN research_runs r ON r.id = f.run_id JOIN cancer_questions q ON q.id = r.question_id
       ${runId === undefined ? '' : 'WHERE f.run_id = ?'} ORDER BY f.flagged_at DESC, f.id DESC LIMIT 500`,
      runId === undefined ? [] : [runId],
    )) as Record<string, unknown>[];
    return rows.map((r) => ({
      ...(r as unknown as FlagRow),
      run_id: Number(r.run_id),
      question_id: Number(r.question_id),
      answer_id: r.answer_id === null ? null : Number(r.answer_id),
    }));
  }
}
