import { displayCancerType, QuestionSummary } from '@cqa/contracts';

/** The question row as the read paths select it (QUESTION_SUMMARY_COLUMNS, and its asker on a single question). */
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

/** What a question's summary shows, from `cancer_questions q`; the hot paths select only these. */
export const QUESTION_SUMMARY_COLUMNS =
  'q.id, q.question_text, q.cancer_type_key AS cancer_type, q.created_at, q.patient_id, q.answers_count, q.has_expert_answer';

export const isoDate = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toQuestionSummary(row: QuestionRow): QuestionSummary {
  return {
    id: Number(row.id),
    question_text: row.question_text,
    cancer_type: displayCancerType(row.cancer_type),
    created_at: isoDate(row.created_at),
    patient_id: row.patient_id,
    answers_count: Number(row.answers_count),
    has_expert_answer: Number(row.has_expert_answer) === 1 || row.has_expert_answer === true,
  };
}

/** Only experts and admins see which patient asked; a patient sees it on their own questions only. */
export function withoutPatientId<T extends QuestionSummary>(question: T): T {
  const { patient_id: _hidden, ...rest } = question;
  return rest as T;
}
