import { ANSWER_KINDS, Messages, type AnswerView, type QuestionDetail } from '@cqa/contracts';

/** An expert's own answer: the only kind they may edit or delete, and never rate (spec section 6). */
export const isOwnAnswer = (answer: AnswerView, userId: string | undefined) =>
  answer.answer_type === 'expert' && !!userId && answer.expert_id === userId;

/** Experts rate every answer except their own; community answers are rated on scientific merit. */
export const ratingPrompt = (answer: AnswerView) => (answer.answer_type === 'quora' ? Messages.portal.rateOnScientificMerit : undefined);

/** The review page's answers: not community answers and not the expert's own, in the order they were given. */
export function answersForReview(question: QuestionDetail, userId: string | undefined): AnswerView[] {
  return ANSWER_KINDS.filter((kind) => kind !== 'quora')
    .flatMap((kind) => question.answers[kind] ?? [])
    .filter((answer) => !(userId && answer.expert_id === userId))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}
