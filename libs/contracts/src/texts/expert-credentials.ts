/**
 * An expert's professional details (issue 44 item 7): asked at registration, shown to admins at approval, edited on
 * /account, and shown to patients on the expert's answers (never the licence number). Ours: the spec has none.
 */
export const ExpertCredentialTexts = {
  specialty: 'Specialty',
  licenceNumber: 'Licence or registration number',
  institution: 'Institution',
  specialtyHelp: 'Choose one of the suggestions or type your own, as patients should read it (e.g. medical oncologist).',
  licenceHelp: 'Your professional licence or registration number. Only administrators see it.',
  institutionHelp: 'The hospital, clinic or university where you practise.',
  specialtyRequired: 'Specialty is required',
  licenceRequired: 'Licence or registration number is required',
  institutionRequired: 'Institution is required',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters long.`,
  controlCharacters: 'Professional details cannot contain line breaks, tabs or other control characters.',
  cardTitle: 'Professional details',
  cardIntro: 'Patients see your specialty and institution beside your name on your answers; administrators also see your licence number.',
  missing: 'Some of your professional details are missing. Please add them: patients see them on your answers.',
  save: 'Save professional details',
  saved: 'Your professional details have been saved.',
  loadFailed: 'Your professional details could not be loaded. Please try again.',
  /** How admins see a detail an expert registered before it was asked has not given yet. */
  notGiven: 'not given',
  /** The byline's title before a physician's name (only for a specialty on the list that is a physician's). */
  doctorTitle: 'Dr',
} as const;
