import { ANSWER_KINDS, AnswerKind, AnswerView, QuestionDetail, Role } from '@cqa/contracts';
import type { RunSql, SqlStatement } from '../../../common/database/sql-statement';
import { QUESTION_SUMMARY_COLUMNS as SUMMARY_COLUMNS, QuestionRow, toQuestionSummary } from '../../questions/entities/question-row';
import {
  AnswerRow, AUTHOR_COLUMNS, AUTHOR_JOIN, COMMUNITY_COLUMNS, COMMUNITY_JOIN, feedbackColumn, mineJoin, RATING_COLUMNS, toAnswerView, Viewer,
} from './answer-view';
import { RetractionFlagRow, retractionFlagsSql, withRetractedSources } from './retraction-flags';

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

export type QuestionDetailRow = QuestionRow & Omit<AnswerRow, 'id' | 'question_id' | 'created_at'> & {
  /** 1 when a flag writer marked the question (markRetractedSources). */
  has_retracted_sources?: number | string;
  answer_id: number | string | null;
  answer_created_at: Date | string | null;
};

/** The rows of questionDetailSql as the detail (the question's summary composed with its answers' views): null when the question does not exist. */
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
