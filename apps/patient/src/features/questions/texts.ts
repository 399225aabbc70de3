/** Words of the patient's question page (ours; the spec's come from the contracts). */
export const PatientQuestionTexts = {
  edit: 'Edit',
  editCancerType: 'Edit cancer type',
  editQuestionText: 'Edit question text',
} as const;
