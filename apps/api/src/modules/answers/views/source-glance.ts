import { ANSWER_KINDS, AnswerKind, AnswerView, roundRating, SourceGlance } from '@cqa/contracts';
import type { SqlStatement } from '../../../common/database/sql-statement';
import { aiGlance } from '../ai/ai-glance';
import { researchGlance } from '../research/research-glance';
import type { GlanceOptions, GlanceRow, SourceGlancePart } from './glance-part';

export type { GlanceRow } from './glance-part';
export { requestOf } from '../research/research-glance';

/** The sources with runs of their own, each adding its part to the glance (glance-part.ts). */
export const GLANCE_PARTS: readonly SourceGlancePart[] = [aiGlance, researchGlance];

/**
 * What the glance needs beyond the detail statement, as one row of the sources' scalar reads, all by index (no
 * temporary table). The detail runs it beside its own statement; the ratings per source come from the detail's rows (ratingRows).
 */
export function glanceSql(questionId: number, requestAskedBy: string | null): SqlStatement {
  const columns = GLANCE_PARTS.flatMap((part) => part.columns(questionId, requestAskedBy));
  return { sql: `SELECT\n        ${columns.map((c) => c.sql).join(',\n        ')}`, params: columns.flatMap((c) => c.params) };
}

/** The row of glanceSql: JSON objects as text on MariaDB, parsed on MySQL 8. */
export type GlanceSqlRow = Record<string, unknown>;

/** glanceSql's row as the glance rows toGlance reads. */
export function glanceRowsOf(row: GlanceSqlRow | undefined): GlanceRow[] {
  return row ? GLANCE_PARTS.flatMap((part) => part.rows(row)) : [];
}

/** Ratings per answer kind straight from ratings_feedback, for a question whose rows cannot give them exactly (ratingRows). */
export function glanceRatingsSql(questionId: number): SqlStatement {
  return {
    sql: `SELECT 'rating' AS row_kind, a.answer_type AS kind, COUNT(r.rating) AS rating_count, AVG(r.rating) AS average_rating
      FROM cancer_answers a JOIN ratings_feedback r ON r.answer_id = a.id WHERE a.question_id = ? GROUP BY a.answer_type`,
    params: [questionId],
  };
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

/**
 * Per source: answered when it has an answer, else working (with the stage) while its run is active, else none; the
 * grade its part reads (GLANCE_PARTS); the average of all its ratings (not an average of the answers' averages).
 */
export function toGlance(answers: Record<AnswerKind, AnswerView[]>, rows: readonly GlanceRow[], options: GlanceOptions): Record<AnswerKind, SourceGlance> {
  const out = {} as Record<AnswerKind, SourceGlance>;
  for (const kind of ANSWER_KINDS) {
    const part = GLANCE_PARTS.find((p) => p.kind === kind);
    const list = answers[kind] ?? [];
    const rating = rows.find((r) => r.row_kind === 'rating' && r.kind === kind);
    const run = part && (part.showsRun?.(options) ?? true) ? rows.find((r) => r.row_kind === 'run' && r.kind === kind) : undefined;
    const active = part !== undefined && run?.status != null && part.isActive(run.status);
    const count = Number(rating?.rating_count ?? 0);
    const state = list.length > 0 ? 'answered' : active ? 'working' : 'none';
    const glance: SourceGlance = {
      state,
      stage: state === 'working' ? (run?.stage ?? null) : null,
      grade: part?.grade(list, rows) ?? null,
      average_rating: count > 0 && rating?.average_rating != null ? roundRating(Number(rating.average_rating)) : null,
      rating_count: count,
    };
    out[kind] = part?.extend ? part.extend(glance, rows) : glance;
  }
  return out;
}
