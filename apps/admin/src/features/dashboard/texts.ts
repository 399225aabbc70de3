/** Words of the admin dashboard (ours; the spec's come from the contracts). */
export const AdminDashboardTexts = {
  deleteQuestionTitle: 'Delete Question',
  waitingRegistrations: 'Registrations awaiting approval',
  reviewRegistrations: 'Review them in User Management',
  deleteQuestionNamed: (question: string) => `Delete question: ${question}`,
  deleteQuestionBody: 'Are you sure you want to delete this question and all its answers? This action cannot be undone.',
} as const;
