import type { StoredExpertCredentials } from './expert-credentials';
import type { ApprovalStatus, Role } from './roles';

/** Roles that register themselves; admins are made with `npm run admin:create`. */
export type SelfRegisteringRole = Extract<Role, 'patient' | 'expert'>;

export const PASSWORD_MIN_LENGTH = 8;
export const VERIFICATION_TTL_HOURS = 24;
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** The signed-in user as the API returns it and the web keeps it. */
export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  approvalStatus: ApprovalStatus;
  /** A patient's own patient record id; null for experts and admins. */
  patientId: string | null;
  /** A patient's profile completion (0-100); null for experts and admins. */
  profileCompletion: number | null;
}

/** POST /api/auth/register (spec section 3, registration payload). */
export interface RegisterRequest {
  email: string;
  password: string;
  role: SelfRegisteringRole;
  first_name: string;
  last_name: string;
  agreeToTerms: boolean;
  age?: number;
  sex?: string;
  cancer_type?: string;
  cancer_stage?: string;
  hipaa_consent?: boolean;
  /** Experts: required (EXPERT_CREDENTIAL_LIMITS, credentialProblem). Patients: ignored, never stored. */
  specialty?: string;
  licence_number?: string;
  institution?: string;
}

export interface RegisterResponse {
  user: { id: string };
  message: string;
}

/** POST /api/auth/login: `role` is the portal the user signs in from. */
export interface LoginRequest {
  email: string;
  password: string;
  role: Role;
}

/** Login and refresh answer with the user and a short-lived access token; the refresh token travels in an httpOnly cookie. */
export interface SessionResponse {
  user: AuthUser;
  accessToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  /** True when this sign-in cancelled the account's pending deletion (issue 44): the web says so. */
  deletionCancelled?: boolean;
}

export interface MessageResponse {
  message: string;
}

export interface EmailRequest {
  email: string;
}

export interface ResetPasswordRequest {
  token: string;
  password: string;
}


/** One row of the admin user lists (GET /api/admin/patients-auth and /api/admin/experts-auth). */
export interface AdminUserSummary {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  full_name: string;
  created_at: string;
  updated_at: string;
  email_confirmed_at: string | null;
  approval_status: ApprovalStatus;
  is_blocked: boolean;
  /** When the user last signed in; null when never. */
  last_sign_in_at: string | null;
  /** Patients only. */
  patient_id: string | null;
  /** Experts only (null for patients): their professional details, each null when not given yet. */
  credentials: StoredExpertCredentials | null;
  /** When a pending deletion of the account will erase it (issue 44); null when none is pending. */
  deletion_due_at: string | null;
}

/** POST /api/user-block/{userId}: block (ends every session at once) or unblock an account. */
export interface BlockRequest {
  is_blocked: boolean;
}

export interface BlockResponse {
  success: true;
  is_blocked: boolean;
}

/** The status word of a block change, as 'User {status} successfully!' reports it. */
export const blockStatusWord = (isBlocked: boolean) => (isBlocked ? 'blocked' : 'unblocked');

export interface AdminUserListResponse {
  users: AdminUserSummary[];
}

/** POST /api/user-approval/{userId}. */
export interface ApprovalRequest {
  approval_status: ApprovalStatus;
  /** Rejections only, optional: told to the user in the e-mail that says so (issue 44). */
  reason?: string;
}

/** POST /api/reject-user/{id}: the body is optional (the spec sends none). */
export interface RejectionRequest {
  reason?: string;
}
/** The longest rejection reason an admin may give. */
export const REJECTION_REASON_MAX_LENGTH = 1000;

/** POST /api/users/by-ids (admins): the accounts of these ids, at most USERS_BY_IDS_MAX; unknown ids are left out. */
export interface UsersByIdsRequest {
  ids: string[];
}
export const USERS_BY_IDS_MAX = 100;

export interface ApprovalResponse {
  success: true;
  approval_status: ApprovalStatus;
}

/** Allowed approval changes (spec section 4, plus disabling and re-enabling by an admin). */
export const APPROVAL_TRANSITIONS: Readonly<Record<ApprovalStatus, readonly ApprovalStatus[]>> = {
  pending: ['approved', 'rejected'],
  approved: ['rejected', 'disabled'],
  rejected: ['approved'],
  disabled: ['approved'],
};

/** GET /api/user/{id} (admins), as spec section 7 shows it. */
export interface UserDetailResponse {
  id: string;
  email: string;
  email_confirmed_at: string | null;
  approval_status: ApprovalStatus;
  app_specific_data: { role: Role; first_name: string; last_name: string; registration_date: string };
  /** Experts only (null for others): their professional details, each null when not given yet. */
  credentials: StoredExpertCredentials | null;
}

/**
 * The refresh token's cookie (httpOnly, Secure, SameSite=Strict). Its path is '/' so that a page request carries it:
 * the page server restores the session from it and renders the signed-in page with its data (apps/api/src/web).
 * The `__Host-` prefix (issue 42, F-39) makes the browser refuse it unless it is Secure, has no Domain and Path=/, so no
 * other host of the site can plant one that is sent first; browsers allow it on http://localhost for development.
 * `legacyNames` are what earlier releases called it (at '/', and at '/api/auth' before that): never read, and cleared
 * whenever the cookie is set or cleared. A request carrying two refresh cookies is refused.
 */
export const REFRESH_COOKIE = {
  name: '__Host-cqa_refresh',
  path: '/',
  legacy: [{ name: 'cqa_refresh', path: '/' }, { name: 'cqa_refresh', path: '/api/auth' }],
} as const;

/**
 * Set and cleared with the refresh cookie, holding no secret: the page server reads it to send a signed-in visitor's
 * '/' the app itself instead of the pre-rendered public page, so their dashboard starts loading at once. A stale one
 * costs only that: the app finds no session and shows the landing.
 */
export const SIGNED_IN_HINT_COOKIE = { name: 'cqa_signed_in', path: '/' } as const;

/**
 * Bull Board is opened by browser navigation, which carries no bearer token: an admin first asks
 * POST /api/admin/queues-session for this short-lived cookie, scoped to the board's path.
 */
export const QUEUES_PASS_COOKIE = { name: 'cqa_queues', path: '/admin/queues', ttlSeconds: 30 * 60 } as const;

/** GET /api/auth/config: which sign-in methods the login pages offer. */
export interface AuthConfigResponse {
  /** True when an institution's OpenID Connect provider is configured (experts and admins only). */
  institutionSignIn: boolean;
  /** Days from asking to delete an account to its erasure (issue 44); the account page states it. */
  accountDeletionGraceDays: number;
}

/** Where the web starts an institution sign-in (a full-page navigation; `portal` is `expert` or `admin`). */
export const OIDC_START_PATH = '/api/auth/oidc/start';
/** The fragment the OIDC callback redirects back with when the sign-in failed (the login page shows its message). */
export const OIDC_ERROR_PARAM = 'sso_error';
/**
 * The flag the OIDC callback redirects back with when the account needs its second factor (`code`) or, for an admin,
 * enrolment first (`enrol`). The challenge itself travels in an httpOnly cookie scoped to the two-factor routes.
 */
export const OIDC_TWO_FACTOR_PARAM = 'two_factor';
export type OidcTwoFactorStep = 'code' | 'enrol';


/** GET /api/user/approval-status/{userId}. */
export interface ApprovalStatusResponse {
  approval_status: ApprovalStatus;
  is_blocked: boolean;
}

export const AUTH_LOG_EVENTS = [
  'login', 'login_failed', 'registration', 'logout', 'password_reset',
  'two_factor_enabled', 'two_factor_disabled', 'two_factor_reset', 'two_factor_failed',
  'password_changed', 'session_ended', 'data_export_requested', 'data_export_downloaded', 'email_change_requested', 'email_changed',
  'deletion_requested', 'deletion_cancelled', 'account_erased',
] as const;
export type AuthLogEvent = (typeof AUTH_LOG_EVENTS)[number];

/** One row of GET /api/admin/auth-logs. */
export interface AuthLogEntry {
  id: string;
  user_id: string | null;
  event_type: AuthLogEvent;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface AuthLogListResponse {
  logs: AuthLogEntry[];
  total: number;
  page: number;
  per_page: number;
}

/** The auth and account routes the web calls (methods in auth-api.ts). */
export const AuthPaths = {
  login: '/api/auth/login',
  register: '/api/auth/register',
  refresh: '/api/auth/refresh',
  logout: '/api/auth/logout',
  me: '/api/auth/me',
  config: '/api/auth/config',
  verifyEmail: (code: string) => `/api/auth/verify-email/${encodeURIComponent(code)}`,
  resendVerification: '/api/auth/resend-verification',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  queuesSession: '/api/admin/queues-session',
} as const;

/** The admin's account routes: lists by role (GET), one account (GET), approval and blocking (POST), the sign-in log (GET). */
export const AdminUserPaths = {
  list: (role: 'patient' | 'expert') => (role === 'patient' ? '/api/admin/patients-auth' : '/api/admin/experts-auth'),
  one: (userId: string) => `/api/user/${encodeURIComponent(userId)}`,
  approval: (userId: string) => `/api/user-approval/${encodeURIComponent(userId)}`,
  block: (userId: string) => `/api/user-block/${encodeURIComponent(userId)}`,
  /** The spec's calls (section 7), beside `approval`. */
  approve: (userId: string) => `/api/approve-user/${encodeURIComponent(userId)}`,
  reject: (userId: string) => `/api/reject-user/${encodeURIComponent(userId)}`,
  byIds: '/api/users/by-ids',
  authLogs: (page: number, perPage: number) => `/api/admin/auth-logs?page=${page}&per_page=${perPage}`,
} as const;
