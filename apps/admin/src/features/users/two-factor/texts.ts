/** The admin's two-factor reset (ours: the spec has no second factor). */
export const AdminTwoFactorTexts = {
  reset: 'Reset two-factor sign-in',
  confirmTitle: 'Reset two-factor sign-in?',
  confirmText: 'The user loses their authenticator and recovery codes and sets two-factor sign-in up again. Use this when they lost their phone.',
  confirmOk: 'Reset',
  cancel: 'Cancel',
  failed: 'Could not reset two-factor sign-in. Please try again.',
} as const;
