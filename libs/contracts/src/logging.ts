/**
 * What never reaches a log, on the server (pino) and in the browser console alike (spec section 9: password, token, email,
 * first_name, last_name, user_id, patient_id, and their other spellings here).
 */
export const REDACTED_KEYS = [
  'password', 'newPassword', 'currentPassword', 'password_hash', 'passwordHash',
  'token', 'accessToken', 'refreshToken', 'access_token', 'refresh_token',
  'email', 'first_name', 'last_name', 'firstName', 'lastName',
  'user_id', 'userId', 'patient_id', 'patientId',
] as const;

/** What a redacted value is replaced by. */
export const REDACTION_MARKER = '[Redacted]';

const REDACTED = new Set<string>(REDACTED_KEYS.map((k) => k.toLowerCase()));
const MAX_DEPTH = 8;

export const isRedactedKey = (key: string): boolean => REDACTED.has(key.toLowerCase());

/** A copy of `value` with every redacted key's value replaced, at any depth (cycles and very deep values cut short). */
export function redact(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[Too deep]';
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = isRedactedKey(key) ? REDACTION_MARKER : redact(item, depth + 1, seen);
  return out;
}
