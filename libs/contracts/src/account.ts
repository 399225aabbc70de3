/** The signed-in user's own account (issue 44): `/account`, for every role. */
export const ACCOUNT_PAGE_PATH = '/account';

export const AccountPaths = {
  password: '/api/account/password',
  sessions: '/api/account/sessions',
  session: (id: string) => `/api/account/sessions/${encodeURIComponent(id)}`,
} as const;

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
