import {
  AnswerKind, isResearchActive, researchRequestState, type ResearchRequestState, type ResearchRequestStatus, type ResearchStage, type ResearchStatus,
} from '@cqa/contracts';
import { jsonColumn } from '../../../common/database/json-column';
import { isGrade, type GlanceRow, type SourceGlancePart } from '../views/glance-part';

/** The state of the question's deep research request (issue 38) read by the glance; null when none, or cancelled. */
export function requestOf(rows: readonly GlanceRow[]): ResearchRequestState | null {
  const row = rows.find((r) => r.row_kind === 'request');
  if (!row || row.status === 'cancelled') return null;
  const run = row.run_status
    ? { status: row.run_status as ResearchStatus, stage: (row.stage ?? 'plan') as ResearchStage, published: row.published === true || Number(row.published) === 1 }
    : null;
  return researchRequestState(row.status as ResearchRequestStatus, run);
}

/**
 * Deep research at a glance: its newest run (ix_research_runs_question); the certainty grade of the newest published
 * report (walked from the question's answers, newest first, by ix_answers_question_created, to its run by
 * ux_research_runs_answer); the patient's request (ux_research_requests_question) when its asker is `requestAskedBy`
 * (any asker when null). A caller who may not see unpublished deep research (mayControlResearch) is never told that a
 * run is under way, as the research endpoint does not tell them either.
 */
export const researchGlance: SourceGlancePart = {
  kind: AnswerKind.DeepResearch,
  columns: (questionId, requestAskedBy) => [
    { sql: "(SELECT JSON_OBJECT('status', status, 'stage', stage) FROM research_runs WHERE question_id = ? ORDER BY id DESC LIMIT 1) AS research_run", params: [questionId] },
    {
      sql: `(SELECT JSON_UNQUOTE(JSON_EXTRACT(rr.report, '$.certainty.grade'))
          FROM cancer_answers ra STRAIGHT_JOIN research_runs rr ON rr.answer_id = ra.id
          WHERE ra.question_id = ? AND rr.question_id = ? ORDER BY ra.created_at DESC, ra.id DESC LIMIT 1) AS grade`,
      params: [questionId, questionId],
    },
    {
      sql: `(SELECT JSON_OBJECT('status', rq.status, 'run_status', rrr.status, 'run_stage', rrr.stage, 'published', rrr.answer_id IS NOT NULL)
          FROM research_requests rq JOIN cancer_questions q ON q.id = rq.question_id LEFT JOIN research_runs rrr ON rrr.id = rq.run_id
          WHERE rq.question_id = ? AND (? IS NULL OR q.user_id = ?)) AS request`,
      params: [questionId, requestAskedBy, requestAskedBy],
    },
  ],
  rows: (row) => {
    const rows: GlanceRow[] = [];
    const run = jsonColumn<{ status: string | null; stage: string | null }>(row.research_run);
    if (run) rows.push({ row_kind: 'run', kind: 'deep_research', status: run.status, stage: run.stage });
    if (row.grade != null) rows.push({ row_kind: 'grade', kind: 'deep_research', grade: row.grade as string });
    const request = jsonColumn<{ status: string; run_status: string | null; run_stage: string | null; published: number | boolean | null }>(row.request);
    if (request) {
      rows.push({ row_kind: 'request', kind: 'deep_research', status: request.status, stage: request.run_stage, run_status: request.run_status, published: request.published });
    }
    return rows;
  },
  isActive: (status) => isResearchActive(status as ResearchStatus),
  grade: (answers, rows) => {
    if (answers.length === 0) return null;
    const stored = rows.find((r) => r.row_kind === 'grade' && r.kind === 'deep_research')?.grade;
    return isGrade(stored) ? stored : null;
  },
  showsRun: ({ unpublishedResearch }) => unpublishedResearch,
  extend: (glance, rows) => {
    const request = requestOf(rows);
    return request ? { ...glance, request } : glance;
  },
};
