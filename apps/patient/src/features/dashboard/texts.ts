/** Words of the patient's dashboard (ours). */
export const PatientDashboardTexts = {
  title: 'Patients Dashboard',
} as const;
