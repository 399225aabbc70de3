import {
  AiAnswerDetails, ANSWER_KINDS, AnswerFeedbackView, AnswerKind, AnswerView, COMMUNITY_ANSWER_LABEL, displayCancerType, normalizeSources,
  PUBLIC_EXPERT_FEEDBACK_KINDS, QuestionDetail, QuestionFilter, QuestionSummary, RatingRole, Role, RoleRatingSummary, roundRating,
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
const NEWEST_FIRST = 'ORDER BY q.created_at DESC, q.id DESC';

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

/** The searchable words: letters and digits only (so no operator or pattern syntax gets through), lower case, no repeats. */
export function searchWords(search: string | null | undefined): string[] {
  const words = ((search ?? '').normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => w.length >= FULLTEXT_MIN_TOKEN && w.length <= FULLTEXT_MAX_TOKEN && !FULLTEXT_STOPWORDS.has(w));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** The words as a boolean-mode query: every word required, each as a prefix (`+chemo*` finds chemotherapy). */
export function fullTextQuery(search: string): string {
  return searchWords(search).map((w) => `+${w}*`).join(' ');
}

/** The same test as `+word*` on one text: the word at the start of a token (tokens are runs of letters, digits and _). */
export const wordPrefixPattern = (word: string) => `(?<![\\p{L}\\p{N}_])${word}`;

/** A LIKE pattern matching the text anywhere, with its wildcards escaped by LIKE's default escape, the backslash. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterSql(p: Pick<ListParams, 'filter' | 'cancerType'>): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (p.cancerType !== null) {
    where.push('q.cancer_type_key = ?');
    params.push(displayCancerType(p.cancerType));
  }
  if (p.filter === 'answered') where.push('q.has_expert_answer = 1');
  if (p.filter === 'unanswered') where.push('q.has_expert_answer = 0');
  return { where, params };
}
const whereClause = (where: string[]) => (where.length ? ` WHERE ${where.join(' AND ')}` : '');
const pageParams = (p: ListParams) => [p.perPage, (p.page - 1) * p.perPage];

/**
 * One page of the question list, newest first. The inner query walks one of the (…, created_at DESC, id DESC) indexes
 * and returns only ids (a covering scan, so page 500 skips index entries, not rows); the outer query reads the rows of
 * that page. A search gathers the ids whose question or any answer matches (two full-text lookups, UNIONed).
 */
export function listQuestionsSql(p: ListParams): SqlStatement {
  const { where, params: filterParams } = filterSql(p);
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
      filterParams.push(containsPattern(search));
    }
  }
  params.push(...filterParams, ...pageParams(p));
  const inner = `SELECT q.id FROM ${from}${whereClause(where)} ${NEWEST_FIRST} LIMIT ? OFFSET ?`;
  return { sql: `SELECT ${SUMMARY_COLUMNS} FROM (${inner}) page JOIN cancer_questions q ON q.id = page.id ${NEWEST_FIRST}`, params };
}

/**
 * Full-text lookups cost in proportion to how many texts hold the word: a rare drug name takes milliseconds, 'fatigue'
 * (in a quarter of all answers) seconds. So a search first reads the newest SEARCH_WINDOW questions under the filters in
 * order, testing each word on the question and its answers, and stops at the end of the page: a common word fills the
 * page within a few questions. Only when the page is not filled there does the full-text query run. Both are exact:
 * the window is a prefix of the newest-first order, and the word test is the full-text prefix match.
 */
export const SEARCH_WINDOW = 300;

/** The created_at of the oldest question in the search window; no row when fewer questions pass the filters. */
export function searchWindowSql(p: ListParams): SqlStatement {
  const { where, params } = filterSql(p);
  return { sql: `SELECT q.created_at FROM cancer_questions q${whereClause(where)} ${NEWEST_FIRST} LIMIT 1 OFFSET ${SEARCH_WINDOW - 1}`, params };
}

/** A page of the search within the window (from its oldest created_at; null: every question). */
export function recentSearchSql(p: ListParams, words: string[], windowStart: Date | string | null): SqlStatement {
  const { where, params } = filterSql(p);
  if (windowStart !== null) {
    where.push('q.created_at >= ?');
    params.push(windowStart);
  }
  const patterns = words.map(wordPrefixPattern);
  const all = (column: string) => patterns.map(() => `${column} REGEXP ?`).join(' AND ');
  // A scalar subquery, not EXISTS: the optimizer would turn EXISTS into a semi-join that reads every answer.
  where.push(`((${all('q.question_text')}) OR (SELECT 1 FROM cancer_answers a WHERE a.question_id = q.id AND ${all('a.answer_text')} LIMIT 1) IS NOT NULL)`);
  params.push(...patterns, ...patterns, ...pageParams(p));
  return { sql: `SELECT ${SUMMARY_COLUMNS} FROM cancer_questions q${whereClause(where)} ${NEWEST_FIRST} LIMIT ? OFFSET ?`, params };
}

export type RunSql = (sql: string, params: unknown[]) => Promise<unknown[]>;

/** The rows of one list page; the service and the benchmark's raw side both run it. */
export async function fetchQuestionPage(run: RunSql, p: ListParams): Promise<QuestionRow[]> {
  const words = searchWords(p.search);
  if (words.length > 0) {
    const window = searchWindowSql(p);
    const [oldest] = (await run(window.sql, window.params)) as { created_at: Date | string }[];
    const recent = recentSearchSql(p, words, oldest?.created_at ?? null);
    const rows = (await run(recent.sql, recent.params)) as QuestionRow[];
    if (rows.length === p.perPage || !oldest) return rows;
  }
  const { sql, params } = listQuestionsSql(p);
  return (await run(sql, params)) as QuestionRow[];
}

export function questionSql(id: number): SqlStatement {
  return { sql: `SELECT ${SUMMARY_COLUMNS}, q.user_id FROM cancer_questions q WHERE q.id = ?`, params: [id] };
}

/** The viewer's own rating of an answer `a`; admins never rate, so they have none. */
function mineJoin(viewer: Viewer): { join: string; columns: string; params: unknown[] } {
  if (viewer.role === 'admin') return { join: '', columns: 'NULL AS my_rating, NULL AS my_feedback', params: [] };
  const join = viewer.role === 'patient'
    ? 'LEFT JOIN ratings_feedback mine ON mine.answer_id = a.id AND mine.patient_id = (SELECT p.id FROM patients p WHERE p.user_id = ?)'
    : 'LEFT JOIN ratings_feedback mine ON mine.answer_id = a.id AND mine.expert_id = ?';
  return { join, columns: 'mine.rating AS my_rating, mine.feedback AS my_feedback', params: [viewer.userId] };
}

/** Count and average from the covering index ratings_feedback (answer_id, rating); per role from the same rows. */
const RATING_COLUMNS = `(SELECT COUNT(*) FROM ratings_feedback r WHERE r.answer_id = a.id) AS rating_count,
  (SELECT AVG(r.rating) FROM ratings_feedback r WHERE r.answer_id = a.id) AS average_rating,
  (SELECT JSON_OBJECT('expert_count', COUNT(r.expert_id), 'expert_average', AVG(IF(r.expert_id IS NULL, NULL, r.rating)),
      'patient_count', COUNT(r.patient_id), 'patient_average', AVG(IF(r.patient_id IS NULL, NULL, r.rating)))
    FROM ratings_feedback r WHERE r.answer_id = a.id) AS role_ratings`;

/**
 * The feedback the viewer may read, as one JSON list per answer: admins read all of it; everyone else experts' feedback on AI and
 * deep-research answers only (patients' feedback stays private to admins). The expert's name comes from their account.
 */
function feedbackColumn(viewer: Viewer): string {
  const visible = viewer.role === 'admin'
    ? ''
    : `AND r.expert_id IS NOT NULL AND a.answer_type IN (${PUBLIC_EXPERT_FEEDBACK_KINDS.map((k) => `'${k}'`).join(', ')})`;
  return `(SELECT JSON_ARRAYAGG(JSON_OBJECT('role', IF(r.expert_id IS NULL, 'patient', 'expert'),
      'author', IF(r.expert_id IS NULL, NULL, CONCAT(fu.first_name, ' ', fu.last_name)), 'rating', r.rating, 'feedback', r.feedback,
      'created_at', DATE_FORMAT(r.updated_at, '%Y-%m-%dT%H:%i:%s.000Z')))
    FROM ratings_feedback r LEFT JOIN users fu ON fu.id = r.expert_id
    WHERE r.answer_id = a.id AND r.feedback IS NOT NULL AND r.feedback <> '' ${visible}) AS feedback_list`;
}

/** The expert account behind an answer: the author shown is its name, never the label a client sent. */
const AUTHOR_COLUMNS = "CONCAT(au.first_name, ' ', au.last_name) AS author_name, au.first_name AS author_first_name";
const AUTHOR_JOIN = 'LEFT JOIN users au ON au.id = a.expert_id';

/**
 * Titles of cited papers found retracted after the answer was published (the nightly re-check flags them per deep
 * research run; ux_research_runs_answer makes this a lookup by key). NULL when none.
 */
const RETRACTED_COLUMN = `(SELECT JSON_ARRAYAGG(f.title) FROM research_runs rr JOIN research_retraction_flags f ON f.run_id = rr.id
  WHERE rr.answer_id = a.id) AS retracted_sources`;

/** Where an imported community answer came from (a primary-key lookup per answer; null for every other answer). */
const COMMUNITY_COLUMNS = 'cm.host AS community_host, cm.posted_at AS community_posted_at, cm.score AS community_score';
const COMMUNITY_JOIN = 'LEFT JOIN community_answer_meta cm ON cm.answer_id = a.id';

/** Answers of one question (or one answer), newest first, each with its rating count, average and the viewer's own rating. */
export function answersSql(where: { questionId: number } | { answerId: number }, viewer: Viewer): SqlStatement {
  const mine = mineJoin(viewer);
  const [column, value] = 'questionId' in where ? ['a.question_id', where.questionId] : ['a.id', where.answerId];
  return {
    sql: `SELECT a.id, a.question_id, a.answer_type, a.answer_text, a.explanation_logic, a.sources, a.search_method, a.expert_id,
        a.expert_name, a.ai_details, a.created_at, ${RATING_COLUMNS}, ${feedbackColumn(viewer)}, ${AUTHOR_COLUMNS}, ${RETRACTED_COLUMN},
        ${mine.columns}, ${COMMUNITY_COLUMNS}
      FROM cancer_answers a ${mine.join} ${COMMUNITY_JOIN} ${AUTHOR_JOIN}
      WHERE ${column} = ?
      ORDER BY a.created_at DESC, a.id DESC`,
    params: [...mine.params, value],
  };
}

/**
 * A question with all its answers in one round trip: one row per answer (answer columns null when it has none).
 * Unordered: ordering the inner side of an outer join costs a temporary table with the texts; toQuestionDetail sorts.
 */
export function questionDetailSql(id: number, viewer: Viewer): SqlStatement {
  const mine = mineJoin(viewer);
  return {
    sql: `SELECT ${SUMMARY_COLUMNS}, a.id AS answer_id, a.answer_type, a.answer_text, a.explanation_logic, a.sources, a.search_method,
        a.expert_id, a.expert_name, a.ai_details, a.created_at AS answer_created_at, ${RATING_COLUMNS}, ${feedbackColumn(viewer)},
        ${AUTHOR_COLUMNS}, ${RETRACTED_COLUMN}, ${mine.columns}, ${COMMUNITY_COLUMNS}
      FROM cancer_questions q LEFT JOIN cancer_answers a ON a.question_id = q.id ${mine.join} ${COMMUNITY_JOIN} ${AUTHOR_JOIN}
      WHERE q.id = ?`,
    params: [...mine.params, id],
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
  /** JSON text (MariaDB) or a parsed list (MySQL 8); null when nothing cited is retracted. */
  retracted_sources?: unknown;
  community_host?: string | null;
  community_posted_at?: Date | string | null;
  community_score?: number | string | null;
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

function retractedTitles(value: unknown): string[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? [...new Set(list.filter((t): t is string => typeof t === 'string' && t.trim() !== ''))] : [];
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
    ...authorOf(row),
    created_at: iso(row.created_at),
    average_rating: row.average_rating == null ? null : roundRating(Number(row.average_rating)),
    rating_count: Number(row.rating_count),
    ratings_by_role: ratingsByRole(row.role_ratings),
    feedback: feedbackList(row.feedback_list),
    my_rating: row.my_rating == null ? null : Number(row.my_rating),
    my_feedback: row.my_feedback,
    ai_details: parseAiDetails(row.ai_details),
    retracted_sources: retractedTitles(row.retracted_sources),
    ...(row.community_host
      ? {
          community: {
            host: row.community_host,
            posted_at: row.community_posted_at == null ? null : iso(row.community_posted_at),
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
export function authorOf(row: Pick<AnswerRow, 'expert_id' | 'expert_name' | 'author_name' | 'author_first_name'>): Pick<AnswerView, 'expert_name' | 'expert_label'> {
  if (!row.expert_id) return { expert_name: row.expert_name, expert_label: null };
  const verified = row.author_name ?? null;
  const sent = row.expert_name?.trim() ?? '';
  const same = (name: string | null | undefined) => !!name && name.trim().toLowerCase() === sent.toLowerCase();
  return { expert_name: verified, expert_label: sent && !same(verified) && !same(row.author_first_name) ? sent : null };
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

function parseAiDetails(value: unknown): AiAnswerDetails | null {
  if (value == null) return null;
  if (typeof value !== 'string') return value as AiAnswerDetails;
  try {
    return JSON.parse(value) as AiAnswerDetails;
  } catch {
    return null;
  }
}

export type QuestionDetailRow = QuestionRow & Omit<AnswerRow, 'id' | 'question_id' | 'created_at'> & {
  answer_id: number | string | null;
  answer_created_at: Date | string | null;
};

/** The rows of questionDetailSql as the detail: null when the question does not exist. */
export function toQuestionDetail(rows: QuestionDetailRow[]): QuestionDetail | null {
  if (rows.length === 0) return null;
  const answers = Object.fromEntries(ANSWER_KINDS.map((kind) => [kind, [] as AnswerView[]])) as Record<AnswerKind, AnswerView[]>;
  const newestFirst = rows
    .filter((row) => row.answer_id != null)
    .map((row) => ({ row, at: new Date(row.answer_created_at!).getTime(), id: Number(row.answer_id) }))
    .sort((x, y) => y.at - x.at || y.id - x.id)
    .map(({ row }) => row);
  for (const row of newestFirst) {
    answers[row.answer_type]?.push(toAnswerView({ ...row, id: row.answer_id!, question_id: row.id, created_at: row.answer_created_at! }));
  }
  return { ...toQuestionSummary(rows[0]!), answers };
}
