import {
  ANSWER_KINDS, AnswerKind, AnswerView, EVIDENCE_GRADES, EvidenceGrade, researchRequestState, roundRating, SourceGlance, isAiRunActive, isResearchActive,
  type AiRunStatus, type ResearchRequestState, type ResearchRequestStatus, type ResearchStage, type ResearchStatus,
} from '@cqa/contracts';
import type { SqlStatement } from './question-queries';
import { jsonColumn } from '../../common/database/json-column';

/** Runs that have not finished: an AI answer queued or running, a deep research run from planning to running. */

/**
 * What the glance needs beyond the detail statement, as one row of four scalar reads, all by index (no temporary table):
 * the newest AI run and the newest deep research run (ix_ai_runs_question, ix_research_runs_question), the certainty
 * grade of the newest published deep research report (walked from the question's answers, newest first, by
 * ix_answers_question_created, to its run by ux_research_runs_answer), and the patient's deep research request
 * (ux_research_requests_question) when its asker is `requestAskedBy` (any asker when null). The detail runs it beside its
 * own statement; the ratings per source come from the detail's rows (ratingRows).
 */
export function glanceSql(questionId: number, requestAskedBy: string | null): SqlStatement {
  return {
    sql: `SELECT
        (SELECT JSON_OBJECT('status', status, 'stage', stage) FROM ai_runs
          WHERE question_id = ? AND kind = 'ai_answer' ORDER BY id DESC LIMIT 1) AS ai_run,
        (SELECT JSON_OBJECT('status', status, 'stage', stage) FROM research_runs WHERE question_id = ? ORDER BY id DESC LIMIT 1) AS research_run,
        (SELECT JSON_UNQUOTE(JSON_EXTRACT(rr.report, '$.certainty.grade'))
          FROM cancer_answers ra STRAIGHT_JOIN research_runs rr ON rr.answer_id = ra.id
          WHERE ra.question_id = ? AND rr.question_id = ? ORDER BY ra.created_at DESC, ra.id DESC LIMIT 1) AS grade,
        (SELECT JSON_OBJECT('status', rq.status, 'run_status', rrr.status, 'run_stage', rrr.stage, 'published', rrr.answer_id IS NOT NULL)
          FROM research_requests rq JOIN cancer_questions q ON q.id = rq.question_id LEFT JOIN research_runs rrr ON rrr.id = rq.run_id
          WHERE rq.question_id = ? AND (? IS NULL OR q.user_id = ?)) AS request`,
    params: [questionId, questionId, questionId, questionId, questionId, requestAskedBy, requestAskedBy],
  };
}

/** The row of glanceSql: JSON objects as text on MariaDB, parsed on MySQL 8. */
export interface GlanceSqlRow { ai_run: unknown; research_run: unknown; grade: string | null; request: unknown }

/** Ratings per answer kind straight from ratings_feedback, for a question whose rows cannot give them exactly (ratingRows). */
export function glanceRatingsSql(questionId: number): SqlStatement {
  return {
    sql: `SELECT 'rating' AS row_kind, a.answer_type AS kind, COUNT(r.rating) AS rating_count, AVG(r.rating) AS average_rating
      FROM cancer_answers a JOIN ratings_feedback r ON r.answer_id = a.id WHERE a.question_id = ? GROUP BY a.answer_type`,
    params: [questionId],
  };
}

export interface GlanceRow {
  row_kind: 'rating' | 'run' | 'grade' | 'request';
  kind: string;
  rating_count?: number | string | null;
  average_rating?: number | string | null;
  /** A run's status; a request's own status. */
  status?: string | null;
  /** A run's stage; for a request, its run's stage. */
  stage?: string | null;
  grade?: string | null;
  /** A request's run: its status, and whether it published an answer. */
  run_status?: string | null;
  published?: number | string | boolean | null;
}

/** glanceSql's row as the glance rows toGlance and requestOf read. */
export function glanceRowsOf(row: GlanceSqlRow | undefined): GlanceRow[] {
  if (!row) return [];
  const rows: GlanceRow[] = [];
  const ai = jsonColumn<{ status: string | null; stage: string | null }>(row.ai_run);
  if (ai) rows.push({ row_kind: 'run', kind: 'ai', status: ai.status, stage: ai.stage });
  const research = jsonColumn<{ status: string | null; stage: string | null }>(row.research_run);
  if (research) rows.push({ row_kind: 'run', kind: 'deep_research', status: research.status, stage: research.stage });
  if (row.grade != null) rows.push({ row_kind: 'grade', kind: 'deep_research', grade: row.grade });
  const request = jsonColumn<{ status: string; run_status: string | null; run_stage: string | null; published: number | boolean | null }>(row.request);
  if (request) {
    rows.push({ row_kind: 'request', kind: 'deep_research', status: request.status, stage: request.run_stage, run_status: request.run_status, published: request.published });
  }
  return rows;
}

/** MariaDB's AVG keeps this many decimals; ratingRows rounds alike, so the strip shows what a SQL average would. */
const AVG_DECIMALS = 10_000;
/** Below this many ratings an answer's sum is exactly its 4-decimal average times its count, rounded (error < 0.5). */
const EXACT_SUM_BELOW = 10_000;

/**
 * Ratings per answer kind from the detail's rows (each answer's count and AVG): the average of all of a kind's ratings,
 * not of its answers' averages, as glanceRatingsSql gives it. Ratings are whole numbers, so each answer's sum is its
 * average times its count, rounded; null when an answer has too many ratings for that to be exact (read them then).
 */
export function ratingRows(answers: readonly { answer_id: unknown; answer_type: string | null; rating_count: unknown; average_rating: unknown }[]): GlanceRow[] | null {
  const byKind = new Map<string, { sum: number; count: number }>();
  const seen = new Set<string>();
  for (const answer of answers) {
    if (answer.answer_id == null || answer.answer_type == null || seen.has(String(answer.answer_id))) continue;
    seen.add(String(answer.answer_id));
    const count = Number(answer.rating_count ?? 0);
    if (count === 0) continue;
    if (count >= EXACT_SUM_BELOW || answer.average_rating == null) return null;
    const kind = byKind.get(answer.answer_type) ?? { sum: 0, count: 0 };
    kind.sum += Math.round(Number(answer.average_rating) * count);
    kind.count += count;
    byKind.set(answer.answer_type, kind);
  }
  return [...byKind].map(([kind, { sum, count }]) => ({
    row_kind: 'rating' as const, kind, rating_count: count, average_rating: Math.round((sum * AVG_DECIMALS) / count) / AVG_DECIMALS,
  }));
}

/** The state of the question's deep research request (issue 38) read by glanceSql; null when none, or cancelled. */
export function requestOf(rows: readonly GlanceRow[]): ResearchRequestState | null {
  const row = rows.find((r) => r.row_kind === 'request');
  if (!row || row.status === 'cancelled') return null;
  const run = row.run_status
    ? { status: row.run_status as ResearchStatus, stage: (row.stage ?? 'plan') as ResearchStage, published: row.published === true || Number(row.published) === 1 }
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
