import type { AnswerKind } from '@cqa/contracts';
import type { EntityManager } from 'typeorm';
import { reindexQuestion } from '../questions/question-search';
import { recordAnswerArrived } from '../notifications/answer-events';

/**
 * The one writer of `cancer_answers`: every source (expert answers, link import, deep research, the AI answer) adds,
 * replaces and removes answers through these steps, inside its own transaction: the question's lock first (answers of
 * one question change one at a time, so its counts are recomputed from a settled set), the rows, then the question's
 * counts and search terms. Each inserted answer is also recorded as arrived (the owner's mark and answer e-mail).
 */

/** The list reads these instead of counting: recomputed in the transaction of every answer added or removed. */
const REFRESH_QUESTION_COUNTS = `
  UPDATE cancer_questions SET
    answers_count = (SELECT COUNT(*) FROM cancer_answers WHERE question_id = ?),
    has_expert_answer = EXISTS (SELECT 1 FROM cancer_answers WHERE question_id = ? AND answer_type = 'expert'),
    updated_at = updated_at
  WHERE id = ?`;

/** Locks the question's row for this transaction; false when the question is gone. */
export async function lockQuestion(manager: EntityManager, questionId: number): Promise<boolean> {
  return ((await manager.query('SELECT id FROM cancer_questions WHERE id = ? FOR UPDATE', [questionId])) as unknown[]).length > 0;
}

export interface AnswerRowInput {
  kind: AnswerKind;
  answer_text: string | null;
  explanation_logic: string | null;
  sources: readonly string[];
  search_method: string | null;
  expert_name?: string | null;
  expert_id?: string | null;
  /** Generated AI answers: the run that made it (UNIQUE) and what the web shows beside it. */
  ai_run_id?: number | null;
  ai_details?: unknown;
}

/** Inserts one answer row (the caller holds the question's lock); answersChanged() must follow in the same transaction. */
export async function insertAnswerRow(manager: EntityManager, questionId: number, row: AnswerRowInput): Promise<number> {
  const result = (await manager.query(
    `INSERT INTO cancer_answers (question_id, answer_type, answer_text, explanation_logic, sources, search_method, expert_name, expert_id, ai_run_id, ai_details)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      questionId, row.kind, row.answer_text, row.explanation_logic, JSON.stringify(row.sources), row.search_method,
      row.expert_name ?? null, row.expert_id ?? null, row.ai_run_id ?? null, row.ai_details === undefined ? null : JSON.stringify(row.ai_details),
    ],
  )) as { insertId: number | string };
  await recordAnswerArrived(manager, questionId, row.kind);
  return Number(result.insertId);
}

/**
 * A run's generated AI answer in place of the question's earlier generated ones (a hand-typed AI answer stays): the
 * caller holds the question's lock; answersChanged() must follow in the same transaction.
 */
export async function replaceGeneratedAnswer(manager: EntityManager, questionId: number, row: AnswerRowInput & { ai_run_id: number }): Promise<number> {
  await manager.query("DELETE FROM cancer_answers WHERE question_id = ? AND answer_type = 'ai' AND ai_run_id IS NOT NULL", [questionId]);
  return insertAnswerRow(manager, questionId, row);
}

/** After a question's answers changed in this transaction: its counts and its search terms follow. */
export async function answersChanged(manager: EntityManager, questionId: number): Promise<void> {
  await manager.query(REFRESH_QUESTION_COUNTS, [questionId, questionId, questionId]);
  await reindexQuestion((sql, params) => manager.query(sql, params), questionId);
}
