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
