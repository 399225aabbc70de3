import type { Rule } from 'antd/es/form';
import { isCommonPassword, Messages, PASSWORD_MIN_LENGTH } from '@cqa/contracts';

/** The email field's checks on every auth form (spec section 5). */
export const EMAIL_RULES: Rule[] = [
  { required: true, whitespace: true, message: Messages.validation.emailRequired },
  { type: 'email', message: Messages.validation.emailInvalid },
];

/** A password being chosen (registration, reset): required, at least PASSWORD_MIN_LENGTH characters, not a common one (the API enforces the same). */
export const NEW_PASSWORD_RULES: Rule[] = [
  { required: true, message: Messages.validation.passwordRequired },
  { min: PASSWORD_MIN_LENGTH, message: Messages.validation.passwordTooShort },
  {
    validator: (_rule, value: unknown) =>
      typeof value === 'string' && value.length >= PASSWORD_MIN_LENGTH && isCommonPassword(value)
        ? Promise.reject(new Error(Messages.validation.passwordTooCommon))
        : Promise.resolve(),
  },
];

/** The new password typed again: required, and the same as the form's `field` (reset, change of password). */
export const confirmPasswordRules = (field: string): Rule[] => [
  { required: true, message: Messages.validation.confirmPassword },
  ({ getFieldValue }) => ({
    validator: (_rule, value: string | undefined) =>
      !value || getFieldValue(field) === value ? Promise.resolve() : Promise.reject(new Error(Messages.validation.passwordsDoNotMatch)),
  }),
];
