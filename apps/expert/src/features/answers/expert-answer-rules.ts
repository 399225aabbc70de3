import { ANSWER_KINDS, Messages, mayRateAnswer, type AnswerView, type QuestionCaller, type QuestionDetail } from '@cqa/contracts';

/** Experts rate every answer except their own (mayRateAnswer); community answers are rated on scientific merit. */
export const ratingPrompt = (answer: AnswerView) => (answer.answer_type === 'quora' ? Messages.portal.rateOnScientificMerit : undefined);

/** The review page's answers: not community answers and only those the expert may rate, in the order they were given. */
export function answersForReview(question: QuestionDetail, user: QuestionCaller | null): AnswerView[] {
  return ANSWER_KINDS.filter((kind) => kind !== 'quora')
    .flatMap((kind) => question.answers[kind] ?? [])
    .filter((answer) => !user || mayRateAnswer(user, answer))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}
