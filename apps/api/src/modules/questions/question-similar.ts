import { ANSWER_KINDS, AnswerKind, SIMILAR_QUESTIONS_LIMIT, SimilarQuestion } from '@cqa/contracts';
import type { RunSql, SqlStatement } from './question-queries';
import { type SearchWord, searchWords, termPrefixPattern } from './question-search';

/** The words of a typed question that are looked up: its longest ones (rarer, so they say more), at most this many. */
export const SIMILAR_MAX_WORDS = 8;
/**
 * Each word reads at most this many index rows (newest first), so a word found in half the questions costs no more
 * than a rare one; a suggestion list needs the questions sharing several words, not every question holding one.
 */
export const SIMILAR_ROWS_PER_WORD = 200;

/** The words to look up: every indexable word of the text, longest first, up to SIMILAR_MAX_WORDS. */
export function similarWords(text: string): SearchWord[] {
  return searchWords(text, 200)
    .map((word, index) => ({ word, index }))
    .sort((x, y) => y.word.term.length - x.word.term.length || x.index - y.index)
    .slice(0, SIMILAR_MAX_WORDS)
    .map(({ word }) => word);
}

/** How many of the words a question must hold to be suggested: half of them (rounded up), never more than three. */
export const wordsNeeded = (words: number) => Math.min(3, Math.ceil(words / 2));

/**
 * Answered questions holding the most of the words (ties newest first), from the search term index: one bounded walk
 * of ix_search_terms_term per word. Only id and text leave here: never who asked.
 */
export function similarQuestionsSql(words: readonly SearchWord[]): SqlStatement {
  const params: unknown[] = [];
  const walks = words.map((word, i) => {
    params.push(word.prefix ? termPrefixPattern(word.term) : word.term);
    const match = word.prefix ? 't.term LIKE ?' : 't.term = ?';
    return `(SELECT t.question_id, ${i} AS word FROM question_search_terms t WHERE ${match}
      ORDER BY t.term, t.created_at DESC, t.question_id DESC LIMIT ${SIMILAR_ROWS_PER_WORD})`;
  });
  params.push(wordsNeeded(words.length), SIMILAR_QUESTIONS_LIMIT);
  return {
    sql: `SELECT q.id, q.question_text, COUNT(DISTINCT hits.word) AS matched
      FROM (${walks.join(' UNION ALL ')}) hits JOIN cancer_questions q ON q.id = hits.question_id
      WHERE q.answers_count > 0
      GROUP BY q.id, q.question_text, q.created_at
      HAVING matched >= ?
      ORDER BY matched DESC, q.created_at DESC, q.id DESC
      LIMIT ?`,
    params,
  };
}

/** Answers per kind of some questions (ix_answers_question_created). */
export function answerCountsSql(questionIds: readonly number[]): SqlStatement {
  return {
    sql: 'SELECT question_id, answer_type, COUNT(*) AS n FROM cancer_answers WHERE question_id IN (?) GROUP BY question_id, answer_type',
    params: [questionIds],
  };
}

/** The suggestions for a typed text: up to SIMILAR_QUESTIONS_LIMIT answered questions with their answer counts per source. */
export async function findSimilarQuestions(run: RunSql, text: string): Promise<SimilarQuestion[]> {
  const words = similarWords(text);
  if (words.length === 0) return [];
  const query = similarQuestionsSql(words);
  const found = (await run(query.sql, query.params)) as { id: number | string; question_text: string }[];
  if (found.length === 0) return [];
  const ids = found.map((row) => Number(row.id));
  const { sql, params } = answerCountsSql(ids);
  const counts = (await run(sql, params)) as { question_id: number | string; answer_type: AnswerKind; n: number | string }[];
  return found.map((row) => {
    const id = Number(row.id);
    const answer_counts = Object.fromEntries(ANSWER_KINDS.map((kind) => [kind, 0])) as Record<AnswerKind, number>;
    for (const c of counts) if (Number(c.question_id) === id && c.answer_type in answer_counts) answer_counts[c.answer_type] = Number(c.n);
    return { id, question_text: row.question_text, answer_counts };
  });
}
