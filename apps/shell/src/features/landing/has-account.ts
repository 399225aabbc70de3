/** The login/register mode remembered across visits: a plain boolean flag, never a token. */
export const HAS_ACCOUNT_KEY = 'hasAccount';

export function readHasAccount(): boolean {
  try {
    return localStorage.getItem(HAS_ACCOUNT_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeHasAccount(value: boolean): void {
  try {
    localStorage.setItem(HAS_ACCOUNT_KEY, String(value));
  } catch {
    // Storage may be unavailable (private mode); the mode is then simply not remembered.
  }
}
