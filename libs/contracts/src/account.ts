/** The signed-in user's own account (issue 44): `/account`, for every role. */
export const ACCOUNT_PAGE_PATH = '/account';

export const AccountPaths = {
  password: '/api/account/password',
  sessions: '/api/account/sessions',
  session: (id: string) => `/api/account/sessions/${encodeURIComponent(id)}`,
  email: '/api/account/email',
  emailConfirm: '/api/account/email/confirm',
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
