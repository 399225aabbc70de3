import type { SqlStatement } from '../../../common/database/sql-statement';

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

/** Each title once; a flag without a title says nothing to show. */
export const retractedTitles = (titles: readonly string[] = []) => [...new Set(titles.filter((t) => t.trim() !== ''))];
