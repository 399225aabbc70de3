import { COMMON_PASSWORDS_TEXT } from './common-passwords.data';

let common: ReadonlySet<string> | undefined;
const commonSet = () => (common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean)));

/**
 * Whether a password is one of the most common ones (SecLists' 10k list), compared case-insensitively and ignoring
 * surrounding spaces. The API refuses such passwords at registration, password reset and password change; the web
 * warns with the same check.
 */
export function isCommonPassword(password: string): boolean {
  return commonSet().has(password.trim().toLowerCase());
}
