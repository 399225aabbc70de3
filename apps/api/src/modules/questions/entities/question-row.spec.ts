import { toQuestionSummary } from './question-row';

describe('row mapping', () => {
  it("shows a question without type as 'General' and the expert flag as a boolean", () => {
    const row = { id: '1', question_text: 'q', cancer_type: null, created_at: new Date(0), patient_id: null, answers_count: '2', has_expert_answer: 1 };
    expect(toQuestionSummary(row)).toEqual({
      id: 1, question_text: 'q', cancer_type: 'General', created_at: '1970-01-01T00:00:00.000Z', patient_id: null, answers_count: 2, has_expert_answer: true,
    });
    expect(toQuestionSummary({ ...row, has_expert_answer: 0 }).has_expert_answer).toBe(false);
  });
});
