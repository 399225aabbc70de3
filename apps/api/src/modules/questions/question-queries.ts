import { displayCancerType, QuestionFilter } from '@cqa/contracts';
import {
  drivingWord, type SearchWord, searchWords, termPrefixPattern, termsToWalk, wordPattern,
} from './question-search';
import type { RunSql, SqlStatement } from '../../common/database/sql-statement';
import { QUESTION_SUMMARY_COLUMNS as SUMMARY_COLUMNS, type QuestionRow } from './entities/question-row';

/**
 * The question list's SQL, as plain statements (common/database/sql-statement.ts): the repository runs them, and the
 * benchmark runs the same text. Hot paths select only the columns they show. A question's detail, with its answers,
 * is answers' (answers/views/question-detail.ts).
 */
export type { RunSql, SqlStatement } from '../../common/database/sql-statement';
export type { QuestionRow } from './entities/question-row';

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
