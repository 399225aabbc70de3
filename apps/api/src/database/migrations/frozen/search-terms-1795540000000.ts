/**
 * FROZEN for migration 1795540000000-AddQuestionSearchTerms: the search-term tokeniser and the reindex as they were
 * when that migration was written (modules/questions/question-search.ts at commit 253fee8). A migration imports no
 * live code (tools/lint/server-modules.mjs), so later changes to the live tokeniser cannot change what an old
 * migration does on a database that runs it late. Never edit this file: a change to the index is a new migration.
 */
type RunSql = (sql: string, params: unknown[]) => Promise<unknown[]>;

const TERM = /[\p{L}\p{N}_]+(?:-[\p{L}\p{N}_]+)*/gu;
const MIN_TERM_LENGTH = 2;
export const MAX_TERM_LENGTH = 64;
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

/**
 * Rebuilds the term rows of some questions. The caller holds the questions' row locks (or runs alone, as a migration),
 * so concurrent writers of one question cannot interleave their delete and insert.
 */
async function reindexQuestions(run: RunSql, questionIds: readonly number[]): Promise<void> {
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

/** Every question's terms, in batches. */
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
