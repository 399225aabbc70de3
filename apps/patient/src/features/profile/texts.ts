/**
 * Screen texts of the profile pages that the spec does not give (ours). The spec's texts come from Messages and
 * ProfileTexts in the contracts; nothing here repeats them.
 */
export const ProfileScreenTexts = {
  wizardTitle: 'Your Health Profile',
  adminWizardTitle: 'Edit Patient Profile',
  next: 'Next',
  previous: 'Previous',
  submit: 'Submit Profile',
  adminSubmit: 'Save Profile',
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
  stepIncomplete: 'Incomplete',
  saveForLater: 'Save and finish later',
  loadingProfile: 'Loading profile...',
  missingTitle: 'Still to answer before you can submit:',
  goToStep: (step: number) => `Go to step ${step}`,
  recordId: 'Record ID',
  patientId: 'Patient ID',
  feet: 'Feet',
  inches: 'Inches',
  bmiHint: 'Calculated from weight and height.',
  detailsFor: (relative: string) => `Details for ${relative}`,
  symptomsChosen: (count: number) => `${count} selected`,
  email: 'Email',
  completion: 'Profile completion',
  readonlyTitle: 'Patient Profile',
  consolidatedTitle: 'Consolidated Patient Profile',
  referenceLinks: 'Reference documents',
  scoreColumn: 'Score',
  descriptionColumn: 'Description',
  unsavedTitle: 'Unsaved changes',
  leave: 'Leave',
  stay: 'Stay',
  editCard: (title: string) => `Edit ${title}`,
} as const;

/** The admin's view of a patient's profile (ours). */
export const AdminEditPatientTexts = {
  name: 'Name',
} as const;
