/**
 * Question search on a term table of our own (question_search_terms: one row per distinct term per question, drawn from
 * the question's text and all its answers) instead of InnoDB FULLTEXT, whose tokenizer drops words under three letters
 * ('ER', 'CT', 'PD'), splits 'PD-L1' and costs in proportion to the number of matching texts. Here a search walks one
 * index in list order (term, created_at DESC, question_id DESC) and stops at the end of the page, so a word in half
 * the questions costs no more than a word in ten.
 *
 * Matching (documented in the README):
 * - A term is a run of letters, digits and `_`; a hyphenated compound ('pd-l1', 'her2-positive') is a term too, as is
 *   every tail of it ('anti-pd-l1' holds 'anti-pd-l1', 'pd-l1', 'l1', 'anti', 'pd'). Lower case, NFKC.
 * - Terms of two letters or more are indexed, except a short list of English function words.
 * - A query word of three or more characters matches terms starting with it ('chemo' finds 'chemotherapy'); a two-letter
 *   word ('ER', 'CT') matches only itself, so 'er' does not find 'error'.
 * - Every word must appear in one text: the question or one of its answers.
 * - Results are in list order, newest first; there is no relevance ranking.
 */
import type { RunSql, SqlStatement } from '../../common/database/sql-statement';

export type { RunSql } from '../../common/database/sql-statement';

const TERM = /[\p{L}\p{N}_]+(?:-[\p{L}\p{N}_]+)*/gu;
export const MIN_TERM_LENGTH = 2;
export const MAX_TERM_LENGTH = 64;
/** A word this long or longer matches as a prefix; shorter ones (abbreviations such as 'ER') only exactly. */
export const PREFIX_MIN_LENGTH = 3;
const MAX_SEARCH_WORDS = 8;
/** More tails than this of one compound are not indexed (a pathological 'a-b-c-…' chain). */
const MAX_COMPOUND_PARTS = 6;

/**
 * English function words that would match nearly every text and say nothing. Deliberately no medical abbreviation:
 * 'er', 'pr', 'ct', 'pd', 'ms' and the like stay searchable.
 */
const STOPWORDS = new Set([
  'a', 'about', 'an', 'and', 'are', 'as', 'at', 'be', 'but', 'by', 'do', 'for', 'from', 'has', 'have', 'how', 'if', 'in', 'is',
  'it', 'its', 'me', 'my', 'of', 'on', 'or', 'so', 'that', 'the', 'this', 'to', 'was', 'we', 'what', 'when', 'where', 'which',
  'who', 'will', 'with', 'you',
]);

const indexable = (term: string) => term.length >= MIN_TERM_LENGTH && term.length <= MAX_TERM_LENGTH && !STOPWORDS.has(term);

/** The distinct terms of some texts, as the index holds them. */
export function termsOf(texts: readonly string[]): Set<string> {
  const terms = new Set<string>();
  for (const text of texts) {
    for (const [compound] of text.normalize('NFKC').toLowerCase().matchAll(TERM)) {
      const parts = compound.split('-');
      for (const part of parts) if (indexable(part)) terms.add(part);
      if (parts.length > 1) {
        for (let i = 0; i < Math.min(parts.length - 1, MAX_COMPOUND_PARTS); i++) {
          const tail = parts.slice(i).join('-');
          if (indexable(tail)) terms.add(tail);
        }
      }
    }
  }
  return terms;
}

export interface SearchWord {
  term: string;
  /** Matches every term starting with it; otherwise only itself. */
  prefix: boolean;
}

/** The words of a search as the index can answer them: hyphenated compounds kept whole, operators and punctuation gone. */
export function searchWords(search: string | null | undefined, max = MAX_SEARCH_WORDS): SearchWord[] {
  const seen = new Set<string>();
  const words: SearchWord[] = [];
  for (const [term] of (search ?? '').normalize('NFKC').toLowerCase().matchAll(TERM)) {
    if (!indexable(term) || seen.has(term)) continue;
    seen.add(term);
    words.push({ term, prefix: term.length >= PREFIX_MIN_LENGTH });
  }
  return words.slice(0, max);
}

/** The word that drives the walk: the longest (longer words are rarer), so the others are checked on fewer questions. */
export function drivingWord(words: readonly SearchWord[]): SearchWord {
  return words.reduce((best, w) => (w.term.length > best.term.length ? w : best));
}

/** A LIKE pattern for the terms starting with a word (terms hold no `%`, but `_` is escaped). */
export const termPrefixPattern = (term: string) => `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The same test as the term index on one text, for checking that all words are in the same text (PCRE, as MariaDB's REGEXP). */
export function wordPattern(word: SearchWord): string {
  const body = word.term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `(?<![\\p{L}\\p{N}_])${body}${word.prefix ? '' : '(?![\\p{L}\\p{N}_])'}`;
}

/**
 * Up to this many indexed terms a prefix word is walked as one ordered index range per term (merged, newest first); a
 * prefix with more terms (a three-letter stem of a big vocabulary) reads all their rows and sorts them.
 */
export const MAX_PREFIX_TERMS = 32;

/** The indexed terms starting with a word: a short range of the vocabulary's primary key. */
export function prefixTermsSql(word: SearchWord): SqlStatement {
  return {
    sql: `SELECT term FROM question_search_vocabulary WHERE term LIKE ? ORDER BY term LIMIT ${MAX_PREFIX_TERMS + 1}`,
    params: [termPrefixPattern(word.term)],
  };
}

/** The terms to walk for the driving word; null when too many for separate walks (then one range, sorted). */
export async function termsToWalk(run: RunSql, word: SearchWord): Promise<string[] | null> {
  if (!word.prefix) return [word.term];
  const { sql, params } = prefixTermsSql(word);
  const terms = ((await run(sql, params)) as { term: string }[]).map((r) => r.term);
  return terms.length > MAX_PREFIX_TERMS ? null : terms;
}

/** Index maintenance: the terms of one question from its text and its answers' texts, replaced as a whole. */
export async function reindexQuestion(run: RunSql, questionId: number): Promise<void> {
  await reindexQuestions(run, [questionId]);
}

/**
 * Rebuilds the term rows of some questions. The caller holds the questions' row locks (or runs alone, as a migration),
 * so concurrent writers of one question cannot interleave their delete and insert.
 */
export async function reindexQuestions(run: RunSql, questionIds: readonly number[]): Promise<void> {
  if (questionIds.length === 0) return;
  const texts = (await run(
    `SELECT id AS question_id, question_text AS text FROM cancer_questions WHERE id IN (?)
     UNION ALL SELECT question_id, answer_text FROM cancer_answers WHERE question_id IN (?)`,
    [questionIds, questionIds],
  )) as { question_id: number | string; text: string | null }[];
  const byQuestion = new Map<number, string[]>();
  for (const row of texts) {
    const id = Number(row.question_id);
    byQuestion.set(id, [...(byQuestion.get(id) ?? []), row.text ?? '']);
  }
  await run('DELETE FROM question_search_terms WHERE question_id IN (?)', [questionIds]);
  const rows: [string, number][] = [];
  for (const [id, list] of byQuestion) for (const term of termsOf(list)) rows.push([term, id]);
  // The question's created_at is copied in by the database, so the index sorts exactly as the list does.
  for (let i = 0; i < rows.length; i += 20_000) {
    await run(
      `INSERT INTO question_search_terms (question_id, term, created_at)
       SELECT q.id, j.term, q.created_at
       FROM JSON_TABLE(?, '$[*]' COLUMNS (term VARCHAR(${MAX_TERM_LENGTH}) PATH '$[0]', question_id BIGINT UNSIGNED PATH '$[1]')) j
       JOIN cancer_questions q ON q.id = j.question_id`,
      [JSON.stringify(rows.slice(i, i + 20_000))],
    );
  }
  const vocabulary = [...new Set(rows.map(([term]) => term))];
  for (let i = 0; i < vocabulary.length; i += 5_000) {
    await run('INSERT IGNORE INTO question_search_vocabulary (term) VALUES ?', [vocabulary.slice(i, i + 5_000).map((term) => [term])]);
  }
}

/** Every question's terms, in batches (the migration that adds the table, the benchmark's seed). */
export async function reindexAllQuestions(run: RunSql, batch = 500): Promise<void> {
  let after = 0;
  for (;;) {
    const ids = ((await run('SELECT id FROM cancer_questions WHERE id > ? ORDER BY id LIMIT ?', [after, batch])) as { id: number | string }[])
      .map((r) => Number(r.id));
    if (ids.length === 0) return;
    await reindexQuestions(run, ids);
    after = ids.at(-1)!;
  }
}
