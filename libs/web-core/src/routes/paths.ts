import type { Role } from '@cqa/contracts';

type Id = string | number;

export const paths = {
  landing: '/',
  disclaimers: '/disclaimers',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: (code: string) => `/verify-email/${encodeURIComponent(code)}`,
  confirmEmail: (code: string) => `/confirm-email/${encodeURIComponent(code)}`,
  adminLogin: '/admin/login',
  account: '/account',
  accountSecurity: '/account/security',
  /** The questions page of a role: where the logo and the wrong-role redirect lead. */
  roleHome: (role: Role) => `/${role}/questions`,

  patientQuestions: '/patient/questions',
  patientQuestion: (id: Id) => `/patient/questions/${id}`,
  patientProfileWizard: (step?: number) => (step === undefined ? '/patient-profile' : `/patient-profile?step=${step}`),
  patientProfileSummary: '/patient-profile-summary',
  patientProfile: (patientId: Id) => `/patients/${patientId}/profile`,
  consolidatedProfile: (patientId?: Id) =>
    patientId === undefined ? '/patient-profile-consolidated' : `/patient-profile-consolidated/${patientId}`,
  readonlyProfile: (patientId: Id) => `/patient-profile-readonly/${patientId}`,
  performanceScale: '/profile-reference/performance-scale',
  reviewOfSystems: '/profile-reference/review-of-systems',

  expertQuestions: '/expert/questions',
  expertQuestion: (id: Id) => `/expert/questions/${id}`,
  expertAnswerReview: (id: Id) => `/expert/blinded-questions/${id}`,
  expertResearchRequests: '/expert/research-requests',

  adminDashboard: '/admin/questions',
  adminQuestion: (id: Id) => `/admin/questions/${id}`,
  adminUsers: '/admin/users',
  adminOperations: '/admin/operations',
  adminResearchRequests: '/admin/research-requests',
  adminApproveUser: (userId: Id) => `/admin/approve-user/${userId}`,
  adminEditPatient: (patientId: Id) => `/admin/patient/${patientId}/edit`,
} as const;
