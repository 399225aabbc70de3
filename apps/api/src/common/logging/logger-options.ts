import type { LoggerOptions } from 'pino';
import { isOpaqueToken, REDACTED_KEYS, REDACTION_MARKER, redactPath } from '@cqa/contracts';
import type { AppConfig } from '../../config/app-config';

/** Keys whose values never reach a log line: one list, shared with the web's console logger through the contracts. */
export { REDACTED_KEYS };

const REDACT_DEPTH = 4;

/** pino's redact paths have no recursive wildcard, so each key is listed at every depth we log. */
export function redactPaths(): string[] {
  const paths: string[] = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];
  for (const key of REDACTED_KEYS) {
    for (let depth = 0; depth < REDACT_DEPTH; depth++) paths.push([...Array(depth).fill('*'), key].join('.'));
  }
  return paths;
}

const SENSITIVE_QUERY = new Set<string>(REDACTED_KEYS.map((k) => k.toLowerCase()));

/** Request URLs are logged without the values of sensitive query parameters (e.g. ?user_id=...). */
/** Path segments that are secrets themselves (the single-use email verification code). */
const SECRET_PATH = /(\/verify-email\/)[^/?#]+/;
/** The one-click unsubscribe link's token (GET and POST /api/unsubscribe/{token}). */
const UNSUBSCRIBE_PATH = /(\/unsubscribe\/)[^/?#]+/;

export function redactUrlQuery(url: string): string {
  url = url.replace(SECRET_PATH, `$1${REDACTION_MARKER}`);
  url = url.replace(UNSUBSCRIBE_PATH, `$1${REDACTION_MARKER}`);
  // Any other secret in the path, and any token-like query value whatever its name (see redactPath).
  const q = url.indexOf('?');
  if (q === -1) return redactPath(url);
  const params = new URLSearchParams(url.slice(q + 1));
  for (const [key, value] of [...params.entries()]) {
    if (SENSITIVE_QUERY.has(key.toLowerCase()) || isOpaqueToken(value)) params.set(key, REDACTION_MARKER);
  }
  return `${redactPath(url.slice(0, q))}?${params.toString()}`;
}

interface SerializableRequest { method?: string; url?: string; id?: string; ip?: string; headers?: Record<string, unknown> }
interface SerializableReply { statusCode?: number }

export function loggerOptions(config: Pick<AppConfig, 'logLevel' | 'nodeEnv'>, name: string): LoggerOptions {
  return {
    name,
    level: config.logLevel,
    redact: { paths: redactPaths(), censor: REDACTION_MARKER },
    serializers: {
      req: (req: SerializableRequest) => ({
        id: req.id,
        method: req.method,
        url: redactUrlQuery(req.url ?? ''),
        ip: req.ip,
        userAgent: req.headers?.['user-agent'],
      }),
      res: (res: SerializableReply) => ({ statusCode: res.statusCode }),
    },
  };
}
