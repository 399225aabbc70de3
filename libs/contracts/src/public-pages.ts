import { type AuthUser, OIDC_TWO_FACTOR_PARAM, type OidcTwoFactorStep, type SelfRegisteringRole } from './auth';
import { CREDENTIAL_PROBLEMS } from './expert-credentials';
import { AuthTexts, Messages, TwoFactorTexts } from './messages';
import type { Role } from './roles';

/**
 * The public pages work before any script has run (issue 35): every choice is a link to a URL of its own, and every
 * form a real <form method="post"> to one of these routes. They take a urlencoded body from a page of this origin
 * only, run the JSON routes' code and answer 303: to where the user goes next, or back to the form's page with a
 * notice. Once the page's script runs, the same forms are submitted as JSON instead.
 */
export const AUTH_FORM_ROUTES = {
  login: '/api/auth/form/login',
  register: '/api/auth/form/register',
  forgotPassword: '/api/auth/form/forgot-password',
  resetPassword: '/api/auth/form/reset-password',
  logout: '/api/auth/form/logout',
  /** The second factor's step after the login form (the challenge in its cookie): a code or a recovery code. */
  twoFactor: '/api/auth/form/two-factor',
} as const;
export const AUTH_FORM_PREFIX = '/api/auth/form/';

export type LandingMode = 'login' | 'register';
/** The landing page's outcome screens, and the forgot-password page's 'Check Your Email'. */
export type PublicScreen = 'registered' | 'rejected' | 'sent';

/**
 * What a form's answer tells its page, by code: the texts of the catalogue the page shows after a form post. The code
 * travels in the URL's fragment (`#notice-<code>`): every pre-rendered page holds its forms' notices, hidden, and CSS
 * (`:target`) shows the one named, so a page needs no copy per message and the text shows without any script.
 */
export const FORM_NOTICES = {
  credentials: AuthTexts.invalidCredentials,
  unverified: Messages.validation.emailNotVerified,
  unable: Messages.errors.unableToLogin,
  /** The spec's refusal and the line a pending registration adds (the API's message and detail, as one text). */
  'unable-pending': `${Messages.errors.unableToLogin} ${AuthTexts.registrationAwaitingApproval}`,
  'use-patient': Messages.portal.usePortal('Patient'),
  'use-expert': Messages.portal.usePortal('Expert'),
  'use-admin': Messages.portal.usePortal('Admin'),
  'not-admin': Messages.portal.notAdmin,
  'select-role': Messages.validation.selectRole,
  'email-required': Messages.validation.emailRequired,
  'email-invalid': Messages.validation.emailInvalid,
  'password-required': Messages.validation.passwordRequired,
  'password-short': Messages.validation.passwordTooShort,
  'password-common': Messages.validation.passwordTooCommon,
  'passwords-differ': Messages.validation.passwordsDoNotMatch,
  'confirm-password': Messages.validation.confirmPassword,
  'same-password': Messages.validation.samePassword,
  'first-name-required': Messages.validation.firstNameRequired,
  'last-name-required': Messages.validation.lastNameRequired,
  'disclaimers-required': Messages.validation.disclaimersRequired,
  'hipaa-required': Messages.validation.hipaaRequired,
  'specialty-required': CREDENTIAL_PROBLEMS.required.specialty,
  'specialty-too-long': CREDENTIAL_PROBLEMS.tooLong.specialty,
  'licence-required': CREDENTIAL_PROBLEMS.required.licence_number,
  'licence-too-long': CREDENTIAL_PROBLEMS.tooLong.licence_number,
  'institution-required': CREDENTIAL_PROBLEMS.required.institution,
  'institution-too-long': CREDENTIAL_PROBLEMS.tooLong.institution,
  'credentials-characters': CREDENTIAL_PROBLEMS.controlCharacters,
  'already-registered': Messages.errors.emailRegistered,
  'link-invalid': AuthTexts.resetLinkInvalid,
  throttled: Messages.platform.tooManyRequests,
  'login-failed': Messages.errors.loginFailed,
  'registration-failed': Messages.errors.authenticationFailed,
  'send-reset-failed': Messages.errors.sendResetFailed,
  'reset-failed': Messages.errors.resetFailed,
  'password-reset': Messages.success.passwordReset,
  'signed-out': AuthTexts.signedOut,
  'code-invalid': TwoFactorTexts.invalidCode,
  'code-required': TwoFactorTexts.codeRequired,
  'code-format': TwoFactorTexts.codeFormat,
  'sign-in-expired': TwoFactorTexts.challengeExpired,
  'too-many-codes': TwoFactorTexts.tooManyAttempts,
} as const;
export type FormNotice = keyof typeof FORM_NOTICES;

/** The notices that are good news; the others are errors. */
export const SUCCESS_NOTICES: readonly FormNotice[] = ['password-reset', 'signed-out'];
export const noticeId = (notice: FormNotice) => `notice-${notice}`;

const common = ['throttled', 'email-required', 'email-invalid'] as const satisfies readonly FormNotice[];

/** Each form's notices: what its page shows, and all a post to it may answer with (the last one is its catch-all). */
export const FORM_NOTICE_SETS = {
  login: [
    'password-reset', 'signed-out', 'already-registered', 'credentials', 'unverified', 'unable-pending', 'unable', 'use-patient', 'use-expert', 'use-admin', 'not-admin',
    'select-role', 'password-required', 'sign-in-expired', 'too-many-codes', ...common, 'login-failed',
  ],
  register: [
    'select-role', 'password-required', 'password-short', 'password-common', 'first-name-required', 'last-name-required',
    'disclaimers-required', 'hipaa-required', 'specialty-required', 'specialty-too-long', 'licence-required', 'licence-too-long',
    'institution-required', 'institution-too-long', 'credentials-characters', ...common, 'registration-failed',
  ],
  forgotPassword: [...common, 'send-reset-failed'],
  // The ones that end the challenge (sign-in-expired, too-many-codes) go back to the login form, which shows them.
  twoFactor: ['code-invalid', 'code-required', 'code-format', 'sign-in-expired', 'too-many-codes', 'throttled', 'login-failed'],
  resetPassword: ['link-invalid', 'password-required', 'password-short', 'password-common', 'passwords-differ', 'confirm-password', 'same-password', 'throttled', 'reset-failed'],
} as const satisfies Record<string, readonly FormNotice[]>;
export type AuthForm = keyof typeof FORM_NOTICE_SETS;

/** The second factor's notices that end its step: the password must be given again. */
export const TWO_FACTOR_RESTART_NOTICES: readonly FormNotice[] = ['sign-in-expired', 'too-many-codes'];

/** The notice of a refusal: the first of its texts that is one of the form's notices, else the form's catch-all. */
export function noticeForMessages(form: AuthForm, messages: readonly string[]): FormNotice {
  const notices: readonly FormNotice[] = FORM_NOTICE_SETS[form];
  for (const message of messages) {
    const notice = notices.find((candidate) => FORM_NOTICES[candidate] === message);
    if (notice) return notice;
  }
  return notices[notices.length - 1]!;
}

export interface LandingState {
  /** Absent: the patient's. */
  role?: SelfRegisteringRole;
  /** Absent: the one remembered in this browser (hasAccount), else registration. */
  mode?: LandingMode;
  screen?: Extract<PublicScreen, 'registered' | 'rejected'>;
}

const withQuery = (path: string, query: Record<string, string | undefined>, notice?: FormNotice) => {
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  return `${path}${search ? `?${search}` : ''}${notice ? `#${noticeId(notice)}` : ''}`;
};

/** The landing page's URL for a state: one URL per state, the patient's role left out (the default). */
export function landingHref(state: LandingState, notice?: FormNotice): string {
  return withQuery('/', { role: state.role === 'expert' ? 'expert' : undefined, mode: state.mode, screen: state.screen }, notice);
}

/**
 * The login page of a portal (the admins' own, or the landing page in login mode), with a notice, or with the
 * two-factor step to show (OIDC_TWO_FACTOR_PARAM; the challenge is in its cookie). The code step is a pre-rendered
 * state of its own (its form posts to AUTH_FORM_ROUTES.twoFactor); the enrolment step needs the page's script.
 */
export function loginPageHref(portal: Role, { notice, twoFactor }: { notice?: FormNotice; twoFactor?: OidcTwoFactorStep } = {}): string {
  const step = { [OIDC_TWO_FACTOR_PARAM]: twoFactor };
  if (portal === 'admin') return withQuery('/admin/login', step, notice);
  // With the two-factor step the patient's role is named too: the step without a role is an institution's (experts only).
  return withQuery('/', { role: portal === 'expert' || twoFactor ? portal : undefined, mode: 'login', ...step }, notice);
}

export const forgotPasswordHref = ({ screen, notice }: { screen?: 'sent'; notice?: FormNotice } = {}) => withQuery('/forgot-password', { screen }, notice);
/** The reset link's page again (its token is in the link already), with a notice. */
export const resetPasswordHref = (token: string | undefined, notice?: FormNotice) => withQuery('/reset-password', { token }, notice);

/** Where a user goes after signing in (spec section 2); the admin login page sends admins to their dashboard instead. */
export function destinationAfterLogin(user: Pick<AuthUser, 'role' | 'profileCompletion'>): string {
  if (user.role === 'admin') return '/admin/users';
  if (user.role === 'expert') return '/expert/questions';
  return user.profileCompletion === 100 ? '/patient/questions' : '/patient-profile';
}
/** Where signing out (the top bar's button, or its form without script) lands: the login form, saying so. */
export const SIGNED_OUT_HREF = loginPageHref('patient', { notice: 'signed-out' });
export const ADMIN_LOGIN_DESTINATION = '/admin/questions';
