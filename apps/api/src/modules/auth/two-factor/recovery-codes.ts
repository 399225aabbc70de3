import { randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
/** No 0/O, 1/l/i: codes are copied by hand from paper. 31 symbols × 10 ≈ 50 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

/** Ten fresh codes, `xxxxx-xxxxx`, shown once; only their argon2 hashes are kept. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const half = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => `${half()}-${half()}`);
}

/** What a person types, read leniently: case, spaces and the dash do not matter. Null when it cannot be a code. */
export function normalizeRecoveryCode(input: string): string | null {
  const clean = input.toLowerCase().replace(/[\s-]/g, '');
  return clean.length === HALF * 2 && [...clean].every((c) => ALPHABET.includes(c)) ? `${clean.slice(0, HALF)}-${clean.slice(HALF)}` : null;
}
