import {
  AiAnswerDetails, ANSWER_KINDS, distinctQuotes, AnswerFeedbackView, AnswerKind, AnswerView, COMMUNITY_ANSWER_LABEL, displayCancerType, normalizeSources,
  PUBLIC_EXPERT_FEEDBACK_KINDS, QuestionDetail, QuestionFilter, QuestionSummary, RatingRole, Role, RoleRatingSummary, roundRating,
} from '@cqa/contracts';
import {
  drivingWord, type RunSql, type SearchWord, searchWords, termPrefixPattern, termsToWalk, wordPattern,
} from './question-search';
import { jsonColumn } from '../../common/database/json-column';

/**
 * The SQL of the read paths, as plain statements: the service runs them, and the benchmark (tools/bench) runs the very
 * same text through bare mysql2 to measure what the API adds. Hot paths select only the columns they show.
 */
export interface SqlStatement { sql: string; params: unknown[] }

/** Whose rating counts as "mine" on an answer. */
export interface Viewer { role: Role; userId: string }

export interface ListParams {
  filter: QuestionFilter;
  /** My questions: only those this user asked; null for everyone's. */
  askedBy?: string | null;
  /** A display value ('General' included); null for every type. */
  cancerType: string | null;
  search: string | null;
  page: number;
  perPage: number;
}

const SUMMARY_COLUMNS = 'q.id, q.question_text, q.cancer_type_key AS cancer_type, q.created_at, q.patient_id, q.answers_count, q.has_expert_answer';
const NEWEST_FIRST = 'ORDER BY q.created_at DESC, q.id DESC';

/** A LIKE pattern matching the text anywhere, with its wildcards escaped by LIKE's default escape, the backslash. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterSql(p: Pick<ListParams, 'filter' | 'cancerType' | 'askedBy'>): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (p.askedBy) {
    where.push('q.user_id = ?');
    params.push(p.askedBy);
  }
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
 * that page. A search with no indexable word (only single characters or function words) matches the question text.
 */
export function listQuestionsSql(p: ListParams): SqlStatement {
  const { where, params } = filterSql(p);
  const search = p.search?.trim();
  if (search) {
    where.push('q.question_text LIKE ?');
    params.push(containsPattern(search));
  }
  params.push(...pageParams(p));
  const inner = `SELECT q.id FROM cancer_questions q${whereClause(where)} ${NEWEST_FIRST} LIMIT ? OFFSET ?`;
  return { sql: `SELECT ${SUMMARY_COLUMNS} FROM (${inner}) page JOIN cancer_questions q ON q.id = page.id ${NEWEST_FIRST}`, params };
}

const termMatch = (alias: string, word: SearchWord) =>
  word.prefix ? { sql: `${alias}.term LIKE ?`, param: termPrefixPattern(word.term) } : { sql: `${alias}.term = ?`, param: word.term };

/**
 * A page of a search (see question-search.ts). For each term of the driving word, one walk of the term index in list
 * order, keeping the questions that pass the filters and hold the other words, up to the end of the page; the walks are
 * merged newest first (UNION also removes a question found under two terms). `terms` null: the word's terms are too many
 * for separate walks, so one range of them is read and sorted. With two words or more, all must be in one text (the
 * question or one answer): checked with the same word test on the texts, only for questions that hold every word.
 */
export function searchPageSql(p: ListParams, words: SearchWord[], terms: string[] | null): SqlStatement {
  const driver = drivingWord(words);
  const others = words.filter((w) => w !== driver);
  const { where, params: filterParams } = filterSql(p);
  const conditions = [...where];
  const conditionParams: unknown[] = [...filterParams];
  for (const word of others) {
    const match = termMatch('x', word);
    conditions.push(`(SELECT 1 FROM question_search_terms x WHERE x.question_id = t.question_id AND ${match.sql} LIMIT 1) IS NOT NULL`);
    conditionParams.push(match.param);
  }
  if (words.length > 1) {
    const patterns = words.map(wordPattern);
    const all = (column: string) => patterns.map(() => `${column} REGEXP ?`).join(' AND ');
    // A scalar subquery, not EXISTS: the optimizer would turn EXISTS into a semi-join that reads every answer.
    conditions.push(`((${all('q.question_text')}) OR (SELECT 1 FROM cancer_answers a WHERE a.question_id = q.id AND ${all('a.answer_text')} LIMIT 1) IS NOT NULL)`);
    conditionParams.push(...patterns, ...patterns);
  }
  const joinsQuestion = where.length > 0 || words.length > 1;
  const upTo = p.page * p.perPage;
  const walk = (termSql: string) =>
    `(SELECT t.created_at, t.question_id FROM question_search_terms t${joinsQuestion ? ' STRAIGHT_JOIN cancer_questions q ON q.id = t.question_id' : ''}
      WHERE ${[termSql, ...conditions].join(' AND ')} ORDER BY t.created_at DESC, t.question_id DESC LIMIT ${upTo})`;
  const params: unknown[] = [];
  let walks: string;
  if (terms === null) {
    walks = walk('t.term LIKE ?');
    params.push(termPrefixPattern(driver.term), ...conditionParams);
  } else {
    walks = terms.map(() => walk('t.term = ?')).join(' UNION ');
    for (const term of terms) params.push(term, ...conditionParams);
  }
  params.push(...pageParams(p));
  const page = `SELECT hits.question_id FROM (${walks}) hits ORDER BY hits.created_at DESC, hits.question_id DESC LIMIT ? OFFSET ?`;
  return { sql: `SELECT ${SUMMARY_COLUMNS} FROM (${page}) page JOIN cancer_questions q ON q.id = page.question_id ${NEWEST_FIRST}`, params };
}

export type { RunSql } from './question-search';

/** The rows of one list page; the service and the benchmark's raw side both run it. */
export async function fetchQuestionPage(run: RunSql, p: ListParams): Promise<QuestionRow[]> {
  const words = searchWords(p.search);
  if (words.length > 0) {
    const terms = await termsToWalk(run, drivingWord(words));
    if (terms !== null && terms.length === 0) return [];
    const { sql, params } = searchPageSql(p, words, terms);
    return (await run(sql, params)) as QuestionRow[];
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
      'author', IF(r.expert_id IS NULL, NULL, TRIM(CONCAT(fu.first_name, ' ', fu.last_name))), 'rating', r.rating, 'feedback', r.feedback,
      'created_at', DATE_FORMAT(r.updated_at, '%Y-%m-%dT%H:%i:%s.000Z')))
    FROM ratings_feedback r LEFT JOIN users fu ON fu.id = r.expert_id
    WHERE r.answer_id = a.id AND r.feedback IS NOT NULL AND r.feedback <> '' ${visible}) AS feedback_list`;
}

/**
 * The expert account behind an answer: the author shown is its name, never the label a client sent, with the byline's
 * specialty and institution (issue 44 item 7; never the licence number) from the same join, no further round trip.
 */
const AUTHOR_COLUMNS = "TRIM(CONCAT(au.first_name, ' ', au.last_name)) AS author_name, au.first_name AS author_first_name, "
  + 'au.specialty AS author_specialty, au.institution AS author_institution';
const AUTHOR_JOIN = 'LEFT JOIN users au ON au.id = a.expert_id';

/**
 * Titles of cited papers found retracted after publication, for the answers of one question or for one answer (the
 * nightly re-check flags them per deep research run and per AI answer). One statement for all the answers, walked from
 * the answers by key (ux_research_runs_answer, ux_answer_retraction_flags), merged in code (withRetractedSources).
 */
export function retractionFlagsSql(where: { questionId: number } | { answerId: number }): SqlStatement {
  const [column, value] = 'questionId' in where ? ['a.question_id', where.questionId] : ['a.id', where.answerId];
  return {
    sql: `SELECT a.id AS answer_id, f.title FROM cancer_answers a
        STRAIGHT_JOIN research_runs rr ON rr.answer_id = a.id STRAIGHT_JOIN research_retraction_flags f ON f.run_id = rr.id
        WHERE ${column} = ?
      UNION ALL
      SELECT a.id, af.title FROM cancer_answers a STRAIGHT_JOIN answer_retraction_flags af ON af.answer_id = a.id WHERE ${column} = ?`,
    params: [value, value],
  };
}

export interface RetractionFlagRow { answer_id: number | string; title: string }

/** Each row gets the flagged titles of its answer (`answerId` reads its id); an answer without flags gets none. */
export function withRetractedSources<T extends object>(rows: T[], flags: RetractionFlagRow[], answerId: (row: T) => unknown): (T & { retracted_sources: string[] })[] {
  const byAnswer = new Map<number, string[]>();
  for (const flag of flags) {
    const id = Number(flag.answer_id);
    byAnswer.set(id, [...(byAnswer.get(id) ?? []), flag.title]);
  }
  return rows.map((row) => ({ ...row, retracted_sources: byAnswer.get(Number(answerId(row))) ?? [] }));
}

/** Where an imported community answer came from (a primary-key lookup per answer; null for every other answer). */
const COMMUNITY_COLUMNS = 'cm.host AS community_host, cm.posted_at AS community_posted_at, cm.score AS community_score';
const COMMUNITY_JOIN = 'LEFT JOIN community_answer_meta cm ON cm.answer_id = a.id';

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

/**
 * A question with all its answers in one round trip: one row per answer (answer columns null when it has none).
 * Unordered: ordering the inner side of an outer join costs a temporary table with the texts; toQuestionDetail sorts.
 */
export function questionDetailSql(id: number, viewer: Viewer): SqlStatement {
  const mine = mineJoin(viewer);
  return {
    sql: `SELECT ${SUMMARY_COLUMNS}, a.id AS answer_id, a.answer_type, a.answer_text, a.explanation_logic, a.sources, a.search_method,
        a.expert_id, a.expert_name, a.ai_details, a.created_at AS answer_created_at, ${RATING_COLUMNS}, ${feedbackColumn(viewer)},
        ${AUTHOR_COLUMNS}, ${mine.columns}, ${COMMUNITY_COLUMNS}, q.has_retracted_sources
      FROM cancer_questions q LEFT JOIN cancer_answers a ON a.question_id = q.id ${mine.join} ${COMMUNITY_JOIN} ${AUTHOR_JOIN}
      WHERE q.id = ?`,
    params: [...mine.params, id],
  };
}

/**
 * The detail's rows, each answer with its retracted sources. Flags are rare, so they are read only for a question their
 * writers marked (markRetractedSources): read per answer inside the detail statement, they had cost it a third of its
 * throughput, and even one more statement for every question costs a sixth.
 */
export async function fetchQuestionDetail(run: RunSql, id: number, viewer: Viewer): Promise<QuestionDetailRow[]> {
  const detail = questionDetailSql(id, viewer);
  const rows = (await run(detail.sql, detail.params)) as QuestionDetailRow[];
  if (Number(rows[0]?.has_retracted_sources ?? 0) !== 1) return rows;
  const flags = retractionFlagsSql({ questionId: id });
  return withRetractedSources(rows, (await run(flags.sql, flags.params)) as RetractionFlagRow[], (row) => row.answer_id);
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
  author_specialty?: string | null;
  author_institution?: string | null;
  /** Titles from retractionFlagsSql (withRetractedSources). */
  retracted_sources?: readonly string[];
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

/** Each title once; a flag without a title says nothing to show. */
const retractedTitles = (titles: readonly string[] = []) => [...new Set(titles.filter((t) => t.trim() !== ''))];

/**
 * Withheld claims and their reasons go to staff only; everyone else gets the count. Older answers have no count
 * stored, so it is taken from the list before the list is dropped.
 */
export function aiDetailsFor(details: AiAnswerDetails | null, role: Role | null): AiAnswerDetails | null {
  if (!details) return null;
  const withheld = details.withheld_count ?? details.unsupported_claims?.length ?? 0;
  const staff = role === 'admin' || role === 'expert';
  // Answers published before quotes were made distinct may hold one quote twice.
  const statements = details.statements?.map((statement) => ({ ...statement, quotes: distinctQuotes(statement.quotes) }));
  return {
    ...details, ...(statements ? { statements } : {}), withheld_count: withheld, unsupported_claims: staff ? (details.unsupported_claims ?? []) : [],
  };
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
    created_at: iso(row.created_at),
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


export type QuestionDetailRow = QuestionRow & Omit<AnswerRow, 'id' | 'question_id' | 'created_at'> & {
  /** 1 when a flag writer marked the question (markRetractedSources). */
  has_retracted_sources?: number | string;
  answer_id: number | string | null;
  answer_created_at: Date | string | null;
};

/** The rows of questionDetailSql as the detail: null when the question does not exist. */
export function toQuestionDetail(rows: QuestionDetailRow[], role: Role | null): QuestionDetail | null {
  if (rows.length === 0) return null;
  const answers = Object.fromEntries(ANSWER_KINDS.map((kind) => [kind, [] as AnswerView[]])) as Record<AnswerKind, AnswerView[]>;
  const newestFirst = rows
    .filter((row) => row.answer_id != null)
    .map((row) => ({ row, at: new Date(row.answer_created_at!).getTime(), id: Number(row.answer_id) }))
    .sort((x, y) => y.at - x.at || y.id - x.id)
    .map(({ row }) => row);
  for (const row of newestFirst) {
    answers[row.answer_type]?.push(toAnswerView({ ...row, id: row.answer_id!, question_id: row.id, created_at: row.answer_created_at! }, role));
  }
  return { ...toQuestionSummary(rows[0]!), answers };
}
