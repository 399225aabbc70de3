/**
 * Profile screen texts that are not in the Messages catalogue: the spec's screen texts (section 2) quoted word for
 * word, and our own texts for situations the spec has no message for (marked below).
 */
export const ProfileTexts = {
  summaryTitleFor: 'Profile Summary for',
  summaryTitle: 'Profile Summary',
  summaryTitleForPatientId: 'Profile Summary for Patient ID: ',
  lastUpdated: 'Last updated',
  goToDashboard: 'Go to Dashboard',
  notSpecified: 'Not specified',
  viewConsolidatedProfile: 'View Consolidated Profile',
  unsavedChanges: 'You have unsaved changes. Are you sure you want to leave?',
  loadingSummary: 'Loading summary...',
  viewProfile: 'View Profile',
  edit: 'Edit',
  other: 'Other',
  performanceScaleLink: 'Karnofsky Performance Status Scale',
  reviewOfSystemsLink: 'Review of Systems Symptom List',
  // Our own texts (the spec shows none for these).
  notAProfile: 'The profile must be an object of field names and values.',
  unknownField: (name: string) => `Unknown profile field: ${name}`,
  notAnOption: 'Please choose one of the listed options.',
  notAList: 'Please choose from the list.',
  notText: 'Please enter text.',
  textTooLong: (max: number) => `Please use at most ${max} characters.`,
  notANumber: 'Please enter a number.',
  wholeNumber: 'Please enter a whole number.',
  notSymptoms: 'Symptoms must be grouped by body system.',
  unknownSymptomCategory: (category: string) => `Unknown body system: ${category}`,
  unknownSymptom: (symptom: string) => `Unknown symptom: ${symptom}`,
  notRelativeDetails: 'Family history details must be given per relative.',
  unknownRelative: (relative: string) => `Unknown relative: ${relative}`,
  /** Final submit refused by the server: the spec's toast text followed by the missing labels. */
  missingFields: (labels: readonly string[]) => `Please fill out all required fields to complete your profile: ${labels.join(', ')}`,
  patientExists: 'This user already has a patient record.',
  notAPatient: 'This user is not a patient.',
} as const;
