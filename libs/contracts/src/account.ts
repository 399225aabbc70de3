/** The signed-in user's own account (issue 44): `/account`, for every role. */
export const ACCOUNT_PAGE_PATH = '/account';

export const AccountPaths = {
  password: '/api/account/password',
  sessions: '/api/account/sessions',
  session: (id: string) => `/api/account/sessions/${encodeURIComponent(id)}`,
  email: '/api/account/email',
  emailConfirm: '/api/account/email/confirm',
  /** POST starts an archive of the caller's data (or answers with the one being prepared); GET its latest state. */
  export: '/api/account/export',
  exportFile: (id: string) => `/api/account/export/${encodeURIComponent(id)}/file`,
} as const;

/** How long a link confirming a new e-mail address works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** POST /api/account/email: the password, and the address to move to (confirmed there before it takes effect). */
export interface ChangeEmailRequest {
  password: string;
  new_email: string;
}

/** POST /api/account/email/confirm: the token from the link sent to the new address (public: the link proves it). */
export interface ConfirmEmailChangeRequest {
  token: string;
}

/** POST /api/account/password: the current password, and the new one (the registration's rules). */
export interface ChangePasswordRequest {
  current_password: string;
  new_password: string;
}

/** A signed-in session (a sign-in and its renewals) of the caller: GET /api/account/sessions. */
export interface AccountSession {
  id: string;
  /** The browser and system, as its user agent names them ("Chrome on Android"), or "Unknown device". */
  device: string;
  started_at: string;
  /** When it last renewed its access (a page load, or every few minutes while open). */
  last_used_at: string;
  /** The session this request came from: ended with Sign Out, not from the list. */
  current: boolean;
}

export interface AccountSessionsResponse {
  sessions: AccountSession[];
}

/** The account page's "Download my data" card (`/account#data-export`): the e-mail's link points here. */
export const DATA_EXPORT_ANCHOR = 'data-export';

export const ACCOUNT_EXPORT_STATUSES = ['requested', 'ready', 'failed', 'expired'] as const;
export type AccountExportStatus = (typeof ACCOUNT_EXPORT_STATUSES)[number];

/** One archive of the caller's data (GDPR art. 15 / HIPAA right of access): prepared by a job, downloadable for a while. */
export interface AccountExport {
  id: string;
  status: AccountExportStatus;
  requested_at: string;
  ready_at: string | null;
  /** Until when the file can be downloaded (ready), or when it was deleted (expired). */
  expires_at: string | null;
  /** The ZIP file's size once ready. */
  size_bytes: number | null;
}

/** GET /api/account/export: the latest archive, or null when none was ever asked for. */
export interface AccountExportResponse {
  export: AccountExport | null;
}

/** POST /api/account/export: the archive being prepared (new: 202; one already under way: 200) and what to tell. */
export interface AccountExportStartResponse {
  export: AccountExport;
  message: string;
}

/** Delete my account (issue 44): the grace period's default, the admin note's limit and the routes. */
export const ACCOUNT_DELETION_NOTE_MAX_LENGTH = 1000;

export const AccountDeletionPaths = {
  own: '/api/account/deletion',
  adminUser: (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/deletion`,
} as const;

/** POST /api/account/deletion: the password again, and a current authenticator code when the account has one. */
export interface AccountDeletionRequest {
  password: string;
  two_factor_code?: string;
}

/** POST /api/admin/users/{id}/deletion: the admin's note that the person asked for it (kept until the erasure). */
export interface AdminAccountDeletionRequest {
  note: string;
}

/** The answer of both: when the erasure is due (ISO date-time). */
export interface AccountDeletionResponse {
  message: string;
  due_at: string;
}
