/** Words of the expert's question page (ours; the spec's come from the contracts). */
export const ExpertQuestionTexts = {
  reviewAnswers: 'Review answers (blinded)',
  bannerNoExpert: 'No expert has answered this question yet. Share your expertise.',
  bannerOtherExpert: 'Another expert has already answered this question. You can still add your own expert answer.',
  bannerOwn: 'You have answered this question. You can edit or delete your answer in the Expert Answers tab.',
} as const;
