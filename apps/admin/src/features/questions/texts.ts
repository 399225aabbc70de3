/** Words of the admin's question page (ours; the spec's come from the contracts). */
export const AdminQuestionTexts = {
  addAnswerTitle: (kindLabel: string) => `Add Answer: ${kindLabel}`,
  editQuestion: 'Edit question',
} as const;
