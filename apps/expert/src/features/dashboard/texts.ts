/** Words of the expert's dashboard (ours). */
export const ExpertDashboardTexts = {
  title: 'Expert Dashboard',
} as const;
