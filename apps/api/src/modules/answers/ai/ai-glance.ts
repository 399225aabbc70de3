import { AnswerKind, isAiRunActive, type AiRunStatus } from '@cqa/contracts';
import { jsonColumn } from '../../../common/database/json-column';
import { isGrade, type SourceGlancePart } from '../views/glance-part';

/** The AI answer at a glance: its newest run (ix_ai_runs_question), and the grade of its newest graded answer. */
export const aiGlance: SourceGlancePart = {
  kind: AnswerKind.Ai,
  columns: (questionId) => [{
    sql: `(SELECT JSON_OBJECT('status', status, 'stage', stage) FROM ai_runs
          WHERE question_id = ? AND kind = 'ai_answer' ORDER BY id DESC LIMIT 1) AS ai_run`,
    params: [questionId],
  }],
  rows: (row) => {
    const run = jsonColumn<{ status: string | null; stage: string | null }>(row.ai_run);
    return run ? [{ row_kind: 'run', kind: 'ai', status: run.status, stage: run.stage }] : [];
  },
  isActive: (status) => isAiRunActive(status as AiRunStatus),
  grade: (answers) => answers.find((a) => a.ai_details && isGrade(a.ai_details.grade))?.ai_details?.grade ?? null,
};
