/** Field labels of the sign-in and password forms (ours; the spec's messages come from the contracts). */
export const AuthFormTexts = {
  email: 'Email',
  password: 'Password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
} as const;
