import type { AnswerKind, AnswerView, QuestionDetail, QuestionSummary } from '@cqa/contracts';

/** Test data in the contract's shapes, for the Q&A components' and pages' tests. */
export function answerFixture(overrides: Partial<AnswerView> = {}): AnswerView {
  return {
    id: 1,
    question_id: 10,
    answer_type: 'ai',
    answer_text: 'An answer.',
    explanation_logic: 'Because.',
    sources: ['https://example.org/source'],
    search_method: null,
    expert_id: null,
    expert_name: null,
    expert_label: null,
    expert_specialty: null,
    expert_institution: null,
    created_at: '2026-03-04T10:00:00.000Z',
    average_rating: null,
    rating_count: 0,
    ratings_by_role: { expert: { average: null, count: 0 }, patient: { average: null, count: 0 } },
    feedback: [],
    my_rating: null,
    my_feedback: null,
    ai_details: null,
    retracted_sources: [],
    ...overrides,
  };
}

export function questionSummaryFixture(overrides: Partial<QuestionSummary> = {}): QuestionSummary {
  return {
    id: 10,
    question_text: 'What should I ask my oncologist about immunotherapy?',
    cancer_type: 'Lung Cancer',
    created_at: '2026-03-04T09:00:00.000Z',
    patient_id: '77',
    answers_count: 0,
    has_expert_answer: false,
    ...overrides,
  };
}

export function questionDetailFixture(overrides: Partial<QuestionSummary> = {}, answers: AnswerView[] = []): QuestionDetail {
  const byKind: Record<AnswerKind, AnswerView[]> = { ai: [], quora: [], expert: [], deep_research: [] };
  for (const answer of answers) byKind[answer.answer_type].push(answer);
  return {
    ...questionSummaryFixture({ answers_count: answers.length, has_expert_answer: byKind.expert.length > 0, ...overrides }),
    answers: byKind,
  };
}
