import { AnswerKind, AnswerView, EVIDENCE_GRADES, EvidenceGrade, SourceGlance } from '@cqa/contracts';
import type { SqlStatement } from '../../../common/database/sql-statement';

/** One fact of the glance: a kind's ratings, its newest run, its stored grade, or its request. */
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

export interface GlanceOptions {
  /** The caller may see unpublished deep research (mayControlResearch). */
  unpublishedResearch: boolean;
}

/**
 * What an answer source with runs of its own adds to the strip above the tabs (the question's glance): its scalar
 * reads of the one glance row, and how its run, grade and extras are shown. Sources without runs (community, expert)
 * need none: they show answered or none, and their ratings. Listed in GLANCE_PARTS (source-glance.ts).
 */
export interface SourceGlancePart {
  kind: AnswerKind;
  /** Scalar subqueries of the glance row, each `(SELECT …) AS name` by index, with their parameters in order. */
  columns(questionId: number, requestAskedBy: string | null): SqlStatement[];
  /** Its glance rows from its columns of that row (JSON as text on MariaDB, parsed on MySQL 8). */
  rows(row: Record<string, unknown>): GlanceRow[];
  /** Whether a run in this status is under way. */
  isActive(status: string): boolean;
  /** The grade shown: of its newest graded answer (`answers` newest first), or read into its rows; null when none. */
  grade(answers: readonly AnswerView[], rows: readonly GlanceRow[]): EvidenceGrade | null;
  /** Whether this caller may be told that a run is under way (all may when left out). */
  showsRun?(options: GlanceOptions): boolean;
  /** Its glance with what only this source shows (deep research: the request's state). */
  extend?(glance: SourceGlance, rows: readonly GlanceRow[]): SourceGlance;
}

export const isGrade = (value: unknown): value is EvidenceGrade => EVIDENCE_GRADES.includes(value as EvidenceGrade);
