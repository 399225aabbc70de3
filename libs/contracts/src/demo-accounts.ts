import type { ExpertCredentials } from './expert-credentials';
import { Role } from './roles';

/**
 * Demo sign-ins that `npm start` seeds outside production (and the end-to-end tests sign in with).
 * Never created when NODE_ENV is production.
 */
export const DEMO_PASSWORD = 'Demo-pass-2026';
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.cancer-qa.test', role: Role.Admin, firstName: 'Ada', lastName: 'Admin' },
  { email: 'expert@demo.cancer-qa.test', role: Role.Expert, firstName: 'Eli', lastName: 'Expert' },
  { email: 'patient@demo.cancer-qa.test', role: Role.Patient, firstName: 'Pat', lastName: 'Patient' },
] as const;

/** The demo expert's professional details (issue 44 item 7), seeded with the account; their answers' byline shows them. */
export const DEMO_EXPERT_CREDENTIALS: ExpertCredentials = {
  specialty: 'medical oncologist', licence_number: 'DEMO-0000-EXPERT', institution: 'Demo Cancer Centre',
};
