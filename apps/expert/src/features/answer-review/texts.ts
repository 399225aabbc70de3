/** Words of the blinded answer review page (ours). */
export const AnswerReviewTexts = {
  backToQuestion: 'Back to the question',
  reviewTitle: 'Review answers',
  reviewIntro: 'Answers from experts and AI on this question, without their authors. Rate and comment on each.',
  blindedAnswer: (n: number) => `Answer ${n}`,
} as const;
