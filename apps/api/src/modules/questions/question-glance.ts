import {
  ANSWER_KINDS, AnswerKind, AnswerView, EVIDENCE_GRADES, EvidenceGrade, researchRequestState, roundRating, SourceGlance, isAiRunActive, isResearchActive,
  type AiRunStatus, type ResearchRequestState, type ResearchRequestStatus, type ResearchStage, type ResearchStatus,
} from '@cqa/contracts';
import type { SqlStatement } from './question-queries';

/** Runs that have not finished: an AI answer queued or running, a deep research run from planning to running. */

/**
 * The question's sources at a glance in one round trip of small reads, all by index: ratings grouped by answer kind
 * (ratings_feedback's (answer_id, rating) index per answer of this question), the newest AI run and the newest deep
 * research run (ix_ai_runs_question, ix_research_runs_question), the certainty grade of the newest published report,
 * and the patient's deep research request (ux_research_requests_question) when its asker is `requestAskedBy` (any
 * asker when null). The detail runs it beside its own statement, so a question page costs two statements at once.
 */
export function glanceSql(questionId: number, requestAskedBy: string | null): SqlStatement {
  return {
    sql: `SELECT 'rating' AS row_kind, a.answer_type AS kind, COUNT(r.rating) AS rating_count, AVG(r.rating) AS average_rating,
          NULL AS status, NULL AS stage, NULL AS grade, NULL AS run_status, NULL AS published
        FROM cancer_answers a JOIN ratings_feedback r ON r.answer_id = a.id WHERE a.question_id = ? GROUP BY a.answer_type
      UNION ALL
      SELECT 'run', 'ai', NULL, NULL, x.status, x.stage, NULL, NULL, NULL
        FROM (SELECT status, stage FROM ai_runs WHERE question_id = ? AND kind = 'ai_answer' ORDER BY id DESC LIMIT 1) x
      UNION ALL
      SELECT 'run', 'deep_research', NULL, NULL, y.status, y.stage, NULL, NULL, NULL
        FROM (SELECT status, stage FROM research_runs WHERE question_id = ? ORDER BY id DESC LIMIT 1) y
      UNION ALL
      SELECT 'grade', 'deep_research', NULL, NULL, NULL, NULL, z.grade, NULL, NULL
        FROM (SELECT JSON_UNQUOTE(JSON_EXTRACT(rr.report, '$.certainty.grade')) AS grade
              FROM research_runs rr JOIN cancer_answers ra ON ra.id = rr.answer_id
              WHERE rr.question_id = ? ORDER BY ra.created_at DESC, ra.id DESC LIMIT 1) z
      UNION ALL
      SELECT 'request', 'deep_research', NULL, NULL, rq.status, rrr.stage, NULL, rrr.status, rrr.answer_id IS NOT NULL
        FROM research_requests rq JOIN cancer_questions q ON q.id = rq.question_id LEFT JOIN research_runs rrr ON rrr.id = rq.run_id
        WHERE rq.question_id = ? AND (? IS NULL OR q.user_id = ?)`,
    params: [questionId, questionId, questionId, questionId, questionId, requestAskedBy, requestAskedBy],
  };
}

export interface GlanceRow {
  row_kind: 'rating' | 'run' | 'grade' | 'request';
  kind: string;
  rating_count: number | string | null;
  average_rating: number | string | null;
  /** A run's status; a request's own status. */
  status: string | null;
  /** A run's stage; for a request, its run's stage. */
  stage: string | null;
  grade: string | null;
  /** A request's run: its status, and whether it published an answer (1/0). */
  run_status: string | null;
  published: number | string | null;
}

/** The state of the question's deep research request (issue 38) read by glanceSql; null when none, or cancelled. */
export function requestOf(rows: readonly GlanceRow[]): ResearchRequestState | null {
  const row = rows.find((r) => r.row_kind === 'request');
  if (!row || row.status === 'cancelled') return null;
  const run = row.run_status
    ? { status: row.run_status as ResearchStatus, stage: (row.stage ?? 'plan') as ResearchStage, published: Number(row.published) === 1 }
    : null;
  return researchRequestState(row.status as ResearchRequestStatus, run);
}

const isGrade = (value: unknown): value is EvidenceGrade => EVIDENCE_GRADES.includes(value as EvidenceGrade);

/**
 * Per source: answered when it has an answer, else working (with the stage) while its run is active, else none; the
 * grade of its newest graded answer; the average of all its ratings (not an average of the answers' averages).
 * A caller who may not see unpublished deep research (`unpublishedResearch` false: mayControlResearch) is never told
 * that a run is under way, as the research endpoint does not tell them either.
 */
export function toGlance(
  answers: Record<AnswerKind, AnswerView[]>, rows: readonly GlanceRow[], { unpublishedResearch }: { unpublishedResearch: boolean },
): Record<AnswerKind, SourceGlance> {
  const out = {} as Record<AnswerKind, SourceGlance>;
  for (const kind of ANSWER_KINDS) {
    const list = answers[kind] ?? [];
    const rating = rows.find((r) => r.row_kind === 'rating' && r.kind === kind);
    const run = kind === 'deep_research' && !unpublishedResearch ? undefined : rows.find((r) => r.row_kind === 'run' && r.kind === kind);
    const active = run?.status != null && (kind === 'ai' ? isAiRunActive(run.status as AiRunStatus) : isResearchActive(run.status as ResearchStatus));
    const count = Number(rating?.rating_count ?? 0);
    let grade: EvidenceGrade | null = null;
    if (kind === 'ai') grade = list.find((a) => a.ai_details && isGrade(a.ai_details.grade))?.ai_details?.grade ?? null;
    if (kind === 'deep_research' && list.length > 0) {
      const stored = rows.find((r) => r.row_kind === 'grade' && r.kind === kind)?.grade;
      grade = isGrade(stored) ? stored : null;
    }
    const state = list.length > 0 ? 'answered' : active ? 'working' : 'none';
    out[kind] = {
      state,
      stage: state === 'working' ? (run?.stage ?? null) : null,
      grade,
      average_rating: count > 0 && rating?.average_rating != null ? roundRating(Number(rating.average_rating)) : null,
      rating_count: count,
    };
  }
  return out;
}
