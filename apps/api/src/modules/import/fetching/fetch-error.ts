/** Why a fetch of a user's URL failed, as a code for the job and a short reason the Import tab shows. */
export type FetchErrorCode =
  | 'invalid_url'
  | 'scheme_not_allowed'
  | 'port_not_allowed'
  | 'credentials_in_url'
  | 'address_not_allowed'
  | 'too_many_redirects'
  | 'insecure_redirect'
  | 'too_large'
  | 'timeout'
  | 'unsupported_content_type'
  | 'robots_refused'
  | 'http_status'
  | 'rate_limited'
  | 'unreachable'
  | 'unreadable_page'
  | 'parse_timeout';

const REASONS: Record<FetchErrorCode, string> = {
  invalid_url: 'Invalid URL',
  scheme_not_allowed: 'Only http and https links are allowed',
  port_not_allowed: 'Port not allowed',
  credentials_in_url: 'Links with a user name or password are not allowed',
  address_not_allowed: 'Address not allowed',
  too_many_redirects: 'Too many redirects',
  insecure_redirect: 'Redirect from https to http refused',
  too_large: 'Page too large (over 2 MB)',
  timeout: 'Timed out',
  unsupported_content_type: 'Unsupported content type',
  robots_refused: 'Refused by robots.txt',
  http_status: 'The site answered with an error',
  rate_limited: 'Rate limited by the site',
  unreachable: 'Could not reach the site',
  unreadable_page: 'Could not find a thread on the page',
  parse_timeout: 'The page could not be read in time',
};

/** Worth another attempt later; everything else (SSRF blocks, robots, bad URLs) is final. */
const TRANSIENT: ReadonlySet<FetchErrorCode> = new Set(['timeout', 'rate_limited', 'unreachable']);

export class FetchError extends Error {
  /** Short text for the UI; never contains fetched content. */
  readonly reason: string;
  readonly status: number | null;
  /** For `rate_limited`: how long the site asked us to wait. */
  readonly retryAfterMs: number | null;

  constructor(
    readonly code: FetchErrorCode,
    options: { reason?: string; detail?: string; status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    const reason = options.reason ?? REASONS[code];
    super(options.detail ? `${reason}: ${options.detail}` : reason, { cause: options.cause });
    this.name = 'FetchError';
    this.reason = reason;
    this.status = options.status ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
  }

  /** Whether a job should retry (5xx statuses count as transient too). */
  get transient(): boolean {
    return TRANSIENT.has(this.code) || (this.code === 'http_status' && (this.status ?? 0) >= 500);
  }
}

/** The error for a final status that is not 2xx, e.g. 'The site answered 404 Not Found'. */
export function httpStatusError(status: number, statusText = ''): FetchError {
  return new FetchError('http_status', { reason: `The site answered ${status}${statusText ? ` ${statusText}` : ''}`.slice(0, 80), status });
}
