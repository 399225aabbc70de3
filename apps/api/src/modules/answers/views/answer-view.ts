import {
  AiAnswerDetails, AnswerFeedbackView, AnswerKind, AnswerView, COMMUNITY_ANSWER_LABEL, normalizeSources, PUBLIC_EXPERT_FEEDBACK_KINDS, RatingRole, Role,
  RoleRatingSummary, roundRating,
} from '@cqa/contracts';
import { jsonColumn } from '../../../common/database/json-column';
import type { SqlStatement } from '../../../common/database/sql-statement';
import { isoDate } from '../../questions/entities/question-row';
import { aiDetailsFor } from './ai-details';
import { retractedTitles } from './retraction-flags';

/** Whose rating counts as "mine" on an answer. */
export interface Viewer { role: Role; userId: string }

/** The viewer's own rating of an answer `a`; admins never rate, so they have none. */
export function mineJoin(viewer: Viewer): { join: string; columns: string; params: unknown[] } {
  if (viewer.role === 'admin') return { join: '', columns: 'NULL AS my_rating, NULL AS my_feedback', params: [] };
  const join = viewer.role === 'patient'
    ? 'LEFT JOIN ratings_feedback mine ON mine.answer_id = a.id AND mine.patient_id = (SELECT p.id FROM patients p WHERE p.user_id = ?)'
    : 'LEFT JOIN ratings_feedback mine ON mine.answer_id = a.id AND mine.expert_id = ?';
  return { join, columns: 'mine.rating AS my_rating, mine.feedback AS my_feedback', params: [viewer.userId] };
}

/** Count and average from the covering index ratings_feedback (answer_id, rating); per role from the same rows. */
export const RATING_COLUMNS = `(SELECT COUNT(*) FROM ratings_feedback r WHERE r.answer_id = a.id) AS rating_count,
  (SELECT AVG(r.rating) FROM ratings_feedback r WHERE r.answer_id = a.id) AS average_rating,
  (SELECT JSON_OBJECT('expert_count', COUNT(r.expert_id), 'expert_average', AVG(IF(r.expert_id IS NULL, NULL, r.rating)),
      'patient_count', COUNT(r.patient_id), 'patient_average', AVG(IF(r.patient_id IS NULL, NULL, r.rating)))
    FROM ratings_feedback r WHERE r.answer_id = a.id) AS role_ratings`;

/**
 * The feedback the viewer may read, as one JSON list per answer: admins read all of it; everyone else experts' feedback on AI and
 * deep-research answers only (patients' feedback stays private to admins). The expert's name comes from their account.
 */
export function feedbackColumn(viewer: Viewer): string {
  const visible = viewer.role === 'admin'
    ? ''
    : `AND r.expert_id IS NOT NULL AND a.answer_type IN (${PUBLIC_EXPERT_FEEDBACK_KINDS.map((k) => `'${k}'`).join(', ')})`;
  return `(SELECT JSON_ARRAYAGG(JSON_OBJECT('role', IF(r.expert_id IS NULL, 'patient', 'expert'),
      'author', IF(r.expert_id IS NULL, NULL, TRIM(CONCAT(fu.first_name, ' ', fu.last_name))), 'rating', r.rating, 'feedback', r.feedback,
      'created_at', DATE_FORMAT(r.updated_at, '%Y-%m-%dT%H:%i:%s.000Z')))
    FROM ratings_feedback r LEFT JOIN users fu ON fu.id = r.expert_id
    WHERE r.answer_id = a.id AND r.feedback IS NOT NULL AND r.feedback <> '' ${visible}) AS feedback_list`;
}

/**
 * The expert account behind an answer: the author shown is its name, never the label a client sent, with the byline's
 * specialty and institution (issue 44 item 7; never the licence number) from the same join, no further round trip.
 */
export const AUTHOR_COLUMNS = "TRIM(CONCAT(au.first_name, ' ', au.last_name)) AS author_name, au.first_name AS author_first_name, "
  + 'au.specialty AS author_specialty, au.institution AS author_institution';
export const AUTHOR_JOIN = 'LEFT JOIN users au ON au.id = a.expert_id';

/** Where an imported community answer came from (a primary-key lookup per answer; null for every other answer). */
export const COMMUNITY_COLUMNS = 'cm.host AS community_host, cm.posted_at AS community_posted_at, cm.score AS community_score';
export const COMMUNITY_JOIN = 'LEFT JOIN community_answer_meta cm ON cm.answer_id = a.id';

/** Answers of one question (or one answer), newest first, each with its rating count, average and the viewer's own rating. */
export function answersSql(where: { questionId: number } | { answerId: number }, viewer: Viewer): SqlStatement {
  const mine = mineJoin(viewer);
  const [column, value] = 'questionId' in where ? ['a.question_id', where.questionId] : ['a.id', where.answerId];
  return {
    sql: `SELECT a.id, a.question_id, a.answer_type, a.answer_text, a.explanation_logic, a.sources, a.search_method, a.expert_id,
        a.expert_name, a.ai_details, a.created_at, ${RATING_COLUMNS}, ${feedbackColumn(viewer)}, ${AUTHOR_COLUMNS},
        ${mine.columns}, ${COMMUNITY_COLUMNS}
      FROM cancer_answers a ${mine.join} ${COMMUNITY_JOIN} ${AUTHOR_JOIN}
      WHERE ${column} = ?
      ORDER BY a.created_at DESC, a.id DESC`,
    params: [...mine.params, value],
  };
}

export interface AnswerRow {
  id: number | string;
  question_id: number | string;
  answer_type: AnswerKind;
  answer_text: string;
  explanation_logic: string | null;
  sources: unknown;
  search_method: string | null;
  expert_id: string | null;
  expert_name: string | null;
  /** JSON (MariaDB returns it as text). */
  ai_details?: unknown;
  created_at: Date | string;
  rating_count: number | string;
  average_rating: number | string | null;
  my_rating: number | string | null;
  my_feedback: string | null;
  /** JSON (text on MariaDB): counts and averages by role. */
  role_ratings?: unknown;
  /** JSON list (text on MariaDB) of the feedback the viewer may read; null when none. */
  feedback_list?: unknown;
  author_name?: string | null;
  author_first_name?: string | null;
  author_specialty?: string | null;
  author_institution?: string | null;
  /** Titles from retractionFlagsSql (withRetractedSources). */
  retracted_sources?: readonly string[];
  community_host?: string | null;
  community_posted_at?: Date | string | null;
  community_score?: number | string | null;
}

/** MariaDB hands JSON columns back as text, MySQL 8 as parsed values; stored lists from other writers may be anything. */
export function storedSources(value: unknown): string[] {
  if (typeof value === 'string') {
    try {
      return normalizeSources(JSON.parse(value));
    } catch {
      return normalizeSources(value);
    }
  }
  return normalizeSources(value);
}

/** `role`: the viewer's, which decides what of an AI answer's verification they see (aiDetailsFor). */
export function toAnswerView(row: AnswerRow, role: Role | null): AnswerView {
  return {
    id: Number(row.id),
    question_id: Number(row.question_id),
    answer_type: row.answer_type,
    answer_text: row.answer_text,
    explanation_logic: row.explanation_logic,
    sources: storedSources(row.sources),
    search_method: row.search_method,
    // Experts' account ids are for staff (who may edit, and whose own answers they mark); patients see the name only.
    expert_id: role === 'admin' || role === 'expert' ? row.expert_id : null,
    ...authorOf(row),
    created_at: isoDate(row.created_at),
    average_rating: row.average_rating == null ? null : roundRating(Number(row.average_rating)),
    rating_count: Number(row.rating_count),
    ratings_by_role: ratingsByRole(row.role_ratings),
    feedback: feedbackList(row.feedback_list),
    my_rating: row.my_rating == null ? null : Number(row.my_rating),
    my_feedback: row.my_feedback,
    ai_details: aiDetailsFor(jsonColumn<AiAnswerDetails>(row.ai_details), role),
    retracted_sources: retractedTitles(row.retracted_sources),
    ...(row.community_host
      ? {
          community: {
            host: row.community_host,
            posted_at: row.community_posted_at == null ? null : isoDate(row.community_posted_at),
            score: row.community_score == null ? null : Number(row.community_score),
            label: COMMUNITY_ANSWER_LABEL,
          },
        }
      : {}),
  };
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** An expert account's answer shows that account's name; what the client sent is kept only as a label beside it when it says more. */
type AuthorRow = Pick<AnswerRow, 'expert_id' | 'expert_name' | 'author_name' | 'author_first_name' | 'author_specialty' | 'author_institution'>;
type Author = Pick<AnswerView, 'expert_name' | 'expert_label' | 'expert_specialty' | 'expert_institution'>;
export function authorOf(row: AuthorRow): Author {
  if (!row.expert_id) return { expert_name: row.expert_name, expert_label: null, expert_specialty: null, expert_institution: null };
  const verified = row.author_name ?? null;
  const sent = row.expert_name?.trim() ?? '';
  const same = (name: string | null | undefined) => !!name && name.trim().toLowerCase() === sent.toLowerCase();
  return {
    expert_name: verified, expert_label: sent && !same(verified) && !same(row.author_first_name) ? sent : null,
    expert_specialty: row.author_specialty ?? null, expert_institution: row.author_institution ?? null,
  };
}

export function ratingsByRole(value: unknown): AnswerView['ratings_by_role'] {
  const stats = (parseJson(value) ?? {}) as Record<string, number | string | null | undefined>;
  const summary = (role: RatingRole): RoleRatingSummary => {
    const count = Number(stats[`${role}_count`] ?? 0);
    const average = stats[`${role}_average`];
    return { count, average: count > 0 && average != null ? roundRating(Number(average)) : null };
  };
  return { expert: summary('expert'), patient: summary('patient') };
}

export function feedbackList(value: unknown): AnswerFeedbackView[] {
  const list = parseJson(value);
  if (!Array.isArray(list)) return [];
  return (list as AnswerFeedbackView[])
    .map((f) => ({ role: f.role, author: f.author ?? null, rating: Number(f.rating), feedback: f.feedback, created_at: f.created_at }))
    .sort((x, y) => y.created_at.localeCompare(x.created_at));
}
