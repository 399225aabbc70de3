import {
  AnswerKind, AnswerView, displayCancerType, normalizeSources, QuestionFilter, QuestionSummary, Role, roundRating,
} from '@cqa/contracts';

/**
 * The SQL of the read paths, as plain statements: the service runs them, and the benchmark (tools/bench) runs the very
 * same text through bare mysql2 to measure what the API adds. Hot paths select only the columns they show.
 */
export interface SqlStatement { sql: string; params: unknown[] }

/** Whose rating counts as "mine" on an answer. */
export interface Viewer { role: Role; userId: string }

export interface ListParams {
  filter: QuestionFilter;
  /** A display value ('General' included); null for every type. */
  cancerType: string | null;
  search: string | null;
  page: number;
  perPage: number;
}

const SUMMARY_COLUMNS = 'q.id, q.question_text, q.cancer_type_key AS cancer_type, q.created_at, q.patient_id, q.answers_count, q.has_expert_answer';

/**
 * InnoDB's default full-text stopwords. A required (+) stopword makes MATCH find nothing at all, so they are dropped from
 * the search, as are words shorter than innodb_ft_min_token_size (3), which the index does not hold.
 */
const FULLTEXT_STOPWORDS = new Set([
  'a', 'about', 'an', 'are', 'as', 'at', 'be', 'by', 'com', 'de', 'en', 'for', 'from', 'how', 'i', 'in', 'is', 'it', 'la', 'of',
  'on', 'or', 'that', 'the', 'this', 'to', 'was', 'what', 'when', 'where', 'who', 'will', 'with', 'und', 'www',
]);
const FULLTEXT_MIN_TOKEN = 3;
const FULLTEXT_MAX_TOKEN = 84;
const MAX_SEARCH_WORDS = 8;

/**
 * The words of a search as a boolean-mode query: every word required, each as a prefix (`+chemo*` finds chemotherapy).
 * Only letters and digits pass, so no boolean operator can be smuggled in. Empty when no word is searchable.
 */
export function fullTextQuery(search: string): string {
  const words = (search.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => w.length >= FULLTEXT_MIN_TOKEN && w.length <= FULLTEXT_MAX_TOKEN && !FULLTEXT_STOPWORDS.has(w));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS).map((w) => `+${w}*`).join(' ');
}

/** A LIKE pattern matching the text anywhere, with its wildcards escaped by LIKE's default escape, the backslash. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the question list, newest first. The inner query walks one of the (…, created_at, id) indexes and returns
 * only ids (a covering scan, so page 500 skips index entries, not rows); the outer query reads the rows of that page.
 * A search first gathers the ids whose question or any answer matches (two full-text lookups, UNIONed).
 */
export function listQuestionsSql(p: ListParams): SqlStatement {
  const where: string[] = [];
  const params: unknown[] = [];
  let from = 'cancer_questions q';
  const search = p.search?.trim();
  if (search) {
    const query = fullTextQuery(search);
    if (query) {
      from = `cancer_questions q JOIN (
        SELECT id FROM cancer_questions WHERE MATCH(question_text) AGAINST (? IN BOOLEAN MODE)
        UNION
        SELECT question_id FROM cancer_answers WHERE MATCH(answer_text) AGAINST (? IN BOOLEAN MODE)
      ) m ON m.id = q.id`;
      params.push(query, query);
    } else {
      // Only short words or stopwords: the full-text index cannot help, so match the question text itself.
      where.push('q.question_text LIKE ?');
      params.push(containsPattern(search));
    }
  }
  if (p.cancerType !== null) {
    where.push('q.cancer_type_key = ?');
    params.push(displayCancerType(p.cancerType));
  }
  if (p.filter === 'answered') where.push('q.has_expert_answer = 1');
  if (p.filter === 'unanswered') where.push('q.has_expert_answer = 0');
  params.push(p.perPage, (p.page - 1) * p.perPage);
  const inner = `SELECT q.id FROM ${from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY q.created_at DESC, q.id DESC LIMIT ? OFFSET ?`;
  return {
    sql: `SELECT ${SUMMARY_COLUMNS} FROM (${inner}) page JOIN cancer_questions q ON q.id = page.id ORDER BY q.created_at DESC, q.id DESC`,
    params,
  };
}

export function questionSql(id: number): SqlStatement {
  return { sql: `SELECT ${SUMMARY_COLUMNS}, q.user_id FROM cancer_questions q WHERE q.id = ?`, params: [id] };
}

/**
 * Answers of one question (or one answer), newest first, each with its rating count and average (covering index on
 * ratings_feedback (answer_id, rating)) and the viewer's own rating. Admins never rate, so they have none.
 */
export function answersSql(where: { questionId: number } | { answerId: number }, viewer: Viewer): SqlStatement {
  const params: unknown[] = [];
  let mine = '';
  if (viewer.role === 'patient') {
    mine = 'LEFT JOIN ratings_feedback mine ON mine.answer_id = a.id AND mine.patient_id = (SELECT p.id FROM patients p WHERE p.user_id = ?)';
    params.push(viewer.userId);
  } else if (viewer.role === 'expert') {
    mine = 'LEFT JOIN ratings_feedback mine ON mine.answer_id = a.id AND mine.expert_id = ?';
    params.push(viewer.userId);
  }
  const [column, value] = 'questionId' in where ? ['a.question_id', where.questionId] : ['a.id', where.answerId];
  params.push(value);
  return {
    sql: `SELECT a.id, a.question_id, a.answer_type, a.answer_text, a.explanation_logic, a.sources, a.search_method, a.expert_id,
        a.expert_name, a.created_at,
        (SELECT COUNT(*) FROM ratings_feedback r WHERE r.answer_id = a.id) AS rating_count,
        (SELECT AVG(r.rating) FROM ratings_feedback r WHERE r.answer_id = a.id) AS average_rating,
        ${mine ? 'mine.rating AS my_rating, mine.feedback AS my_feedback' : 'NULL AS my_rating, NULL AS my_feedback'}
      FROM cancer_answers a ${mine}
      WHERE ${column} = ?
      ORDER BY a.created_at DESC, a.id DESC`,
    params,
  };
}

export interface QuestionRow {
  id: number | string;
  question_text: string;
  cancer_type: string | null;
  created_at: Date | string;
  patient_id: string | null;
  answers_count: number | string;
  has_expert_answer: number | string | boolean;
  user_id?: string | null;
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
  created_at: Date | string;
  rating_count: number | string;
  average_rating: number | string | null;
  my_rating: number | string | null;
  my_feedback: string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toQuestionSummary(row: QuestionRow): QuestionSummary {
  return {
    id: Number(row.id),
    question_text: row.question_text,
    cancer_type: displayCancerType(row.cancer_type),
    created_at: iso(row.created_at),
    patient_id: row.patient_id,
    answers_count: Number(row.answers_count),
    has_expert_answer: Number(row.has_expert_answer) === 1 || row.has_expert_answer === true,
  };
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

export function toAnswerView(row: AnswerRow): AnswerView {
  return {
    id: Number(row.id),
    question_id: Number(row.question_id),
    answer_type: row.answer_type,
    answer_text: row.answer_text,
    explanation_logic: row.explanation_logic,
    sources: storedSources(row.sources),
    search_method: row.search_method,
    expert_id: row.expert_id,
    expert_name: row.expert_name,
    created_at: iso(row.created_at),
    average_rating: row.average_rating == null ? null : roundRating(Number(row.average_rating)),
    rating_count: Number(row.rating_count),
    my_rating: row.my_rating == null ? null : Number(row.my_rating),
    my_feedback: row.my_feedback,
  };
}
