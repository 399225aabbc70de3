/**
 * What never reaches a log, on the server (pino) and in the browser console alike (spec section 9: password, token, email,
 * first_name, last_name, user_id, patient_id, and their other spellings here), and the fields that carry secrets.
 */
export const REDACTED_KEYS = [
  'password', 'newPassword', 'currentPassword', 'password_hash', 'passwordHash',
  'token', 'accessToken', 'refreshToken', 'access_token', 'refresh_token',
  'email', 'first_name', 'last_name', 'firstName', 'lastName',
  'user_id', 'userId', 'patient_id', 'patientId',
  // Secrets that open an account or a session: one-time and recovery codes, two-factor material, the OIDC redirect's code and state.
  'code', 'state', 'secret', 'challenge', 'recoveryCode', 'recoveryCodes', 'otpauthUrl', 'qrCodeDataUrl', 'idToken', 'id_token', 'codeVerifier', 'code_verifier',
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

/** Path segments whose next segment is a secret whatever it looks like (a mistyped code is someone's code too). */
const SECRET_PATH_PARENTS = new Set(['verify-email', 'confirm-email', 'unsubscribe', 'reset-password']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path segment looks like an opaque token: 16 or more base64url or hex characters mixing digits and letters
 * or both cases (the server's tokens are 43 base64url characters, its digests 64 hex). Words, numbers and hyphenated
 * route names never do. A UUID is a record id, not a secret: the browser's logger hides those separately.
 */
export function isOpaqueToken(segment: string): boolean {
  if (!/^[A-Za-z0-9_-]{16,}={0,2}$/.test(segment) || UUID.test(segment)) return false;
  return (/[0-9]/.test(segment) && /[A-Za-z]/.test(segment)) || (/[a-z]/.test(segment) && /[A-Z]/.test(segment));
}

const decodedSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * A URL path (no query) as it may be logged: the segment after a secret route (verify-email/<code>, unsubscribe/<token>)
 * and every segment that looks like an opaque token replaced by the marker. Segments are judged decoded, so
 * '/verify-%65mail/<code>' is caught too.
 */
export function redactPath(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      const decoded = decodedSegment(segment);
      const afterSecretRoute = i > 0 && SECRET_PATH_PARENTS.has(decodedSegment(segments[i - 1]!).toLowerCase());
      return segment !== '' && (afterSecretRoute || isOpaqueToken(decoded)) ? REDACTION_MARKER : segment;
    })
    .join('/');
}
