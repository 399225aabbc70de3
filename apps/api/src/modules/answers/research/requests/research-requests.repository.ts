import { Injectable } from '@nestjs/common';
import {
  displayCancerType, researchRequestState, ResearchQueueItem, ResearchRequestStatus, ResearchRequestView, ResearchStage, ResearchStatus,
} from '@cqa/contracts';
import { DataSource, EntityManager } from 'typeorm';

export interface RequestRow {
  id: number;
  question_id: number;
  requested_by: string;
  status: ResearchRequestStatus;
  run_id: number | null;
  reviewer_id: string | null;
  decline_reason: string | null;
  created_at: Date;
  run_status: ResearchStatus | null;
  run_stage: ResearchStage | null;
  run_answer_id: number | null;
  run_error: string | null;
}

const SELECT = `SELECT r.id, r.question_id, r.requested_by, r.status, r.run_id, r.reviewer_id, r.decline_reason, r.created_at,
  rr.status AS run_status, rr.stage AS run_stage, rr.answer_id AS run_answer_id, rr.error AS run_error
  FROM research_requests r LEFT JOIN research_runs rr ON rr.id = r.run_id`;

function toRow(row: Record<string, unknown>): RequestRow {
  return {
    ...(row as unknown as RequestRow),
    id: Number(row.id),
    question_id: Number(row.question_id),
    run_id: row.run_id === null ? null : Number(row.run_id),
    run_answer_id: row.run_answer_id === null ? null : Number(row.run_answer_id),
  };
}

export function stateOf(row: RequestRow) {
  return researchRequestState(
    row.status,
    row.run_status ? { status: row.run_status, stage: row.run_stage ?? 'plan', published: row.run_answer_id !== null } : null,
  );
}

export function toView(row: RequestRow): ResearchRequestView {
  const state = stateOf(row);
  return {
    id: row.id, questionId: row.question_id, state,
    declineReason: state === 'declined' ? row.decline_reason : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * research_requests: one row per question. Every change of status is one conditional UPDATE (WHERE status = the
 * state it leaves), so of two reviewers (or a reviewer and the patient cancelling) exactly one wins.
 */
@Injectable()
export class ResearchRequestsRepository {
  constructor(private readonly ds: DataSource) {}

  async owner(questionId: number): Promise<{ user_id: string | null } | undefined> {
    const [row] = (await this.ds.query('SELECT user_id FROM cancer_questions WHERE id = ?', [questionId])) as { user_id: string | null }[];
    return row;
  }

  async byQuestion(questionId: number): Promise<RequestRow | undefined> {
    const [row] = (await this.ds.query(`${SELECT} WHERE r.question_id = ?`, [questionId])) as Record<string, unknown>[];
    return row ? toRow(row) : undefined;
  }

  async byId(id: number): Promise<RequestRow | undefined> {
    const [row] = (await this.ds.query(`${SELECT} WHERE r.id = ?`, [id])) as Record<string, unknown>[];
    return row ? toRow(row) : undefined;
  }

  /** A new request, or a cancelled one asked again; false when the question has a request that is not cancelled. */
  async create(questionId: number, userId: string): Promise<boolean> {
    try {
      return await this.ds.transaction('READ COMMITTED', async (manager) => {
        const [row] = (await manager.query('SELECT id, status FROM research_requests WHERE question_id = ? FOR UPDATE', [questionId])) as {
          id: string; status: ResearchRequestStatus;
        }[];
        if (!row) {
          await manager.query("INSERT INTO research_requests (question_id, requested_by, status) VALUES (?, ?, 'requested')", [questionId, userId]);
          return true;
        }
        if (row.status !== 'cancelled') return false;
        await manager.query(
          "UPDATE research_requests SET status = 'requested', requested_by = ?, created_at = CURRENT_TIMESTAMP(3), decided_at = NULL WHERE id = ?",
          [userId, row.id],
        );
        return true;
      });
    } catch (error) {
      // Two first requests at once: the unique key lets one in.
      if ((error as { code?: string }).code === 'ER_DUP_ENTRY' || (error as { driverError?: { code?: string } }).driverError?.code === 'ER_DUP_ENTRY') return false;
      throw error;
    }
  }

  /** Moves the request from `from` to `to` with the fields given; whether this call did it. */
  async transition(id: number, from: ResearchRequestStatus, fields: Record<string, unknown>, manager: EntityManager = this.ds.manager): Promise<boolean> {
    const entries = Object.entries(fields);
    const result = (await manager.query(
      `UPDATE research_requests SET ${entries.map(([k]) => `${k} = ?`).join(', ')} WHERE id = ? AND status = ?`,
      [...entries.map(([, v]) => v), id, from],
    )) as { affectedRows: number };
    return result.affectedRows > 0;
  }

  /** The request's run: the one its review started, or one of the question's already under way. */
  async linkRun(id: number, runId: number): Promise<void> {
    await this.ds.query('UPDATE research_requests SET run_id = ? WHERE id = ?', [runId, id]);
  }

  /**
   * Open requests, oldest first: waiting for review, and taken ones whose run has not ended well (under review,
   * running, failed: staff retry it from the question).
   */
  async queue(callerId: string, page: number, perPage: number): Promise<{ items: ResearchQueueItem[]; total: number }> {
    const where = `(r.status = 'requested' OR (r.status = 'taken' AND (rr.id IS NULL OR rr.status <> 'completed' AND rr.status <> 'cancelled')))`;
    const [count] = (await this.ds.query(`SELECT COUNT(*) AS n FROM research_requests r LEFT JOIN research_runs rr ON rr.id = r.run_id WHERE ${where}`)) as { n: string }[];
    const rows = (await this.ds.query(
      `SELECT x.*, q.question_text, q.cancer_type FROM (${SELECT} WHERE ${where} ORDER BY r.created_at, r.id LIMIT ? OFFSET ?) x
       JOIN cancer_questions q ON q.id = x.question_id ORDER BY x.created_at, x.id`,
      [perPage, (page - 1) * perPage],
    )) as Record<string, unknown>[];
    return {
      total: Number(count!.n),
      items: rows.map((raw) => {
        const row = toRow(raw);
        return {
          id: row.id, questionId: row.question_id, questionText: String(raw.question_text),
          cancerType: displayCancerType(raw.cancer_type as string | null), createdAt: new Date(row.created_at).toISOString(),
          status: row.status, state: stateOf(row), runId: row.run_id, error: row.run_status === 'failed' ? row.run_error : null,
          mine: row.reviewer_id === callerId,
        };
      }),
    };
  }
}
