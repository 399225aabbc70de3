import type { SessionResponse } from './auth';

/**
 * Two-factor sign-in (TOTP, RFC 6238, with one-time recovery codes). After a correct password, an account with a
 * second factor (or an admin who must have one) gets a short-lived, single-use challenge instead of a session.
 */
export const TWO_FACTOR_CHALLENGE_TTL_SECONDS = 300;
/** Wrong codes one challenge allows; after them it is gone and the password must be given again. */
export const TWO_FACTOR_MAX_ATTEMPTS_PER_CHALLENGE = 5;
/** Wrong codes one account may collect per window (AUTH_RATE_LIMIT_WINDOW_SECONDS) before the API answers 429. */
export const TWO_FACTOR_MAX_FAILURES_PER_WINDOW = 10;
export const TWO_FACTOR_CODE_LENGTH = 6;

/** POST /api/auth/login answers this instead of a session when a second factor is needed. */
export interface TwoFactorChallengeResponse {
  twoFactorRequired: true;
  challenge: string;
  /** True for an admin who must enrol an authenticator before getting any session. */
  enrolmentRequired: boolean;
  expiresIn: number;
}
export type LoginResponse = SessionResponse | TwoFactorChallengeResponse;
export const isTwoFactorChallenge = (response: LoginResponse): response is TwoFactorChallengeResponse =>
  (response as TwoFactorChallengeResponse).twoFactorRequired === true;

/** The second sign-in step: a 6-digit code from the authenticator app, or one recovery code. */
export interface TwoFactorVerifyRequest {
  /** Left out after an institution sign-in: the challenge is then the httpOnly cookie the callback set. */
  challenge?: string;
  code?: string;
  recoveryCode?: string;
}

/** A new secret to add to an authenticator app: QR code (a PNG data URL) and the secret as text for manual entry. */
export interface TwoFactorSetupResponse {
  secret: string;
  otpauthUrl: string;
  qrCodeDataUrl: string;
}

export interface TwoFactorChallengeRequest {
  /** Left out after an institution sign-in: the challenge is then the httpOnly cookie the callback set. */
  challenge?: string;
}
export interface TwoFactorConfirmRequest {
  code: string;
}
export interface TwoFactorEnrolConfirmRequest extends TwoFactorChallengeRequest, TwoFactorConfirmRequest {}
/** Setting up an authenticator from the account area needs the owner: the password again. */
export interface TwoFactorSetupRequest {
  password: string;
}
/** Confirming it (which shows the recovery codes) needs the password again too, with the first code. */
export interface TwoFactorAccountConfirmRequest extends TwoFactorSetupRequest, TwoFactorConfirmRequest {}

/** Shown once, right after enrolment; only their hashes are kept. */
export interface TwoFactorEnabledResponse {
  recoveryCodes: string[];
}
/** Enrolment at sign-in ends with both the recovery codes and the session. */
export type TwoFactorEnrolledSessionResponse = SessionResponse & TwoFactorEnabledResponse;

export interface TwoFactorStatusResponse {
  enabled: boolean;
  /** The account's role must have a second factor (admins, unless turned off). */
  required: boolean;
  recoveryCodesLeft: number;
}

export interface TwoFactorDisableRequest {
  password: string;
  code: string;
}

export const TwoFactorPaths = {
  verify: '/api/auth/two-factor/verify',
  enrolSetup: '/api/auth/two-factor/enrol/setup',
  enrolConfirm: '/api/auth/two-factor/enrol/confirm',
  status: '/api/account/two-factor',
  setup: '/api/account/two-factor/setup',
  confirm: '/api/account/two-factor/confirm',
  disable: '/api/account/two-factor/disable',
  adminReset: (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/two-factor/reset`,
} as const;
