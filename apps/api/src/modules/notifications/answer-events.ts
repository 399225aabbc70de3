import type { AnswerKind } from '@cqa/contracts';
import type { EntityManager } from 'typeorm';

/**
 * "An answer arrived", written by the answer writer inside the transaction that adds the answer (so a rolled-back
 * answer tells nobody): the question's last-answer time for the owner's "New answers" mark, and, when a patient asked
 * it, an `answer_events` row that the worker batches into one e-mail per question per quiet period.
 */
export async function recordAnswerArrived(manager: EntityManager, questionId: number, kind: AnswerKind): Promise<void> {
  await manager.query('UPDATE cancer_questions SET last_answer_at = CURRENT_TIMESTAMP(3), updated_at = updated_at WHERE id = ?', [questionId]);
  await manager.query(
    `INSERT INTO answer_events (question_id, answer_kind)
     SELECT q.id, ? FROM cancer_questions q JOIN users u ON u.id = q.user_id WHERE q.id = ? AND u.role = 'patient' AND u.erased_at IS NULL`,
    [kind, questionId],
  );
}

/** answer_events' kind for "your deep research request was declined": told in the answer e-mail like an answer. */
export const RESEARCH_DECLINED_EVENT = 'research_declined';

/**
 * The patient's deep research request was declined, written in the transaction that declines it: the question's
 * "New answers" mark and the answer e-mail (same outbox, quiet period and unsubscribe) tell them, as an answer would.
 */
export async function recordResearchDeclined(manager: EntityManager, questionId: number): Promise<void> {
  await manager.query('UPDATE cancer_questions SET last_answer_at = CURRENT_TIMESTAMP(3), updated_at = updated_at WHERE id = ?', [questionId]);
  await manager.query(
    `INSERT INTO answer_events (question_id, answer_kind)
     SELECT q.id, ? FROM cancer_questions q JOIN users u ON u.id = q.user_id WHERE q.id = ? AND u.role = 'patient' AND u.erased_at IS NULL`,
    [RESEARCH_DECLINED_EVENT, questionId],
  );
}
