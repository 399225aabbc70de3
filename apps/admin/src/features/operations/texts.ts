import type { AiRunListResponse, AuthLogEvent } from '@cqa/contracts';

/** Words of the admin's Operations page (ours: the spec's User Management keeps Patients, Experts and Import). */
export const OperationsTexts = {
  title: 'Operations',
  tabs: { log: 'Sign-in log', access: 'Access log', ai: 'AI runs', research: 'Research flags' },
} as const;

/** The sign-in log. */
export const EVENT_LABELS: Record<AuthLogEvent, string> = {
  login: 'Signed in',
  login_failed: 'Failed sign-in',
  registration: 'Registered',
  logout: 'Signed out',
  password_reset: 'Password reset',
  two_factor_enabled: 'Two-factor sign-in turned on',
  two_factor_disabled: 'Two-factor sign-in turned off',
  two_factor_reset: 'Two-factor sign-in reset by an admin',
  two_factor_failed: 'Wrong two-factor code',
  password_changed: 'Password changed',
  session_ended: 'Another session ended',
  data_export_requested: 'Asked for a data archive',
  data_export_downloaded: 'Downloaded a data archive',
  email_change_requested: 'Asked to change e-mail address',
  email_changed: 'E-mail address changed',
  deletion_requested: 'Asked to delete the account',
  deletion_cancelled: 'Account deletion cancelled',
  account_erased: 'Account erased',
};

/** The access log of patient profiles (the audit trail). */
export const ACCESS_LOG_TEXTS = {
  patientFilter: 'Patient',
  userFilter: 'Accessed by',
  empty: 'No access to patient profiles recorded yet.',
  fetchFailed: 'Failed to fetch the access log',
  unknownPatient: 'Unknown patient',
};

/** The AI run list and an opened run. */
export const AI_RUNS_TEXTS = {
  empty: 'No AI answers have run yet.',
  /** One line above the runs: each daily budget with the platform's use of it in its current 24 hours. */
  limits: (l: NonNullable<AiRunListResponse['limits']>) =>
    `Daily limits, platform use / platform limit (per person): AI answers ${l.ai.usedGlobal} / ${l.ai.global} (${l.ai.perUser}); ` +
    `deep research runs ${l.research.starts.usedGlobal} / ${l.research.starts.global} (${l.research.starts.perUser}); ` +
    `deep research tokens ${l.research.tokens.usedGlobal} / ${l.research.tokens.global} (${l.research.tokens.perUser}).`,
  fetchFailed: 'Failed to fetch the AI runs',
  trigger: { auto: 'New question', admin: 'Admin', import: 'Link import' },
  status: { queued: 'Queued', running: 'Running', succeeded: 'Succeeded', failed: 'Failed' },
  claimsLoading: 'Loading the checked statements',
  claimsFetchFailed: 'Failed to fetch the checked statements',
  claimsErrorTitle: 'Statements unavailable',
  noClaims: 'No claims were checked in this run.',
  queriesHeading: 'Searches sent',
  queriesLoading: 'Loading the searches',
  queriesFetchFailed: 'Failed to fetch the searches',
  queriesErrorTitle: 'Searches unavailable',
  noQueries: 'This run sent no literature search.',
  querySource: { planner: 'search plan', fallback: 'rule builder' },
  step: (n: number) => (n === 0 ? 'first search' : `broadened (${n})`),
  found: (n: number | null, error: string | null) => (error ? `failed: ${error}` : `${n ?? 0} found`),
  claimsHeading: 'Checked statements',
};

/** Deep research reports that cite a retracted paper. */
export const RESEARCH_FLAGS_TEXTS = {
  intro: 'Published deep research reports that cite a paper retracted since (the nightly re-check). Each report shows the flag to every reader.',
  empty: 'No deep research report cites a retracted paper.',
  fetchFailed: 'Failed to fetch the retraction flags',
  refresh: 'Refresh flags',
} as const;

/** The column headings and filters of the Operations tables. */
export const OperationsColumnTexts = {
  when: 'When',
  event: 'Event',
  account: 'Account',
  ipAddress: 'IP address',
  browser: 'Browser',
  action: 'Action',
  patient: 'Patient',
  accessedBy: 'Accessed by',
  detail: 'Detail',
  allPatients: 'All patients',
  everyone: 'Everyone',
  run: 'Run',
  question: 'Question',
  trigger: 'Trigger',
  status: 'Status',
  model: 'Model',
  tokens: 'Tokens (prompt / completion)',
  cost: 'Cost',
  duration: 'Duration',
  flagged: 'Flagged',
  retractedPaper: 'Retracted paper',
  identifier: 'Identifier',
} as const;
