/** Texts of the two-factor API the web also shows (ours; the spec has no second factor). */
export const TwoFactorTexts = {
  invalidCode: 'That code is not valid. Check your authenticator app (or the recovery code) and try again.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  tooManyAttempts: 'Too many wrong codes. Please sign in again.',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  codeFormat: 'Enter the 6 digits shown in your authenticator app.',
  alreadyEnabled: 'Two-factor sign-in is already turned on.',
  notEnabled: 'Two-factor sign-in is not turned on.',
  setupFirst: 'Start the setup again: no authenticator is waiting to be confirmed.',
  requiredForAdmins: 'Admins must keep two-factor sign-in turned on.',
  requiredForExperts: 'Experts must keep two-factor sign-in turned on.',
  wrongPassword: 'The password is not correct.',
  enabled: 'Two-factor sign-in is on.',
  disabled: 'Two-factor sign-in is off.',
  reset: 'Two-factor sign-in was reset. The user sets it up again at their next sign-in (admins, and experts by default) or from their account.',
} as const;
