import { HostRateLimiter } from './host-rate-limiter';

/** A failed call to a literature API. 429, 5xx and timeouts are worth retrying later; other statuses are not. */
export class LiteratureHttpError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly status: number | null,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
    /** The start of the answer's body, for services (NCBI) that explain a failure there. */
    readonly body: string | null = null,
  ) {
    super(message);
    this.name = 'LiteratureHttpError';
  }
}

export interface LiteratureFetcherOptions {
  limiter: HostRateLimiter;
  timeoutMs: number;
  /** Crossref and NCBI ask for a contact address in the User-Agent. */
  contactEmail: string;
}

export interface GetOptions {
  perSecond: number;
  signal?: AbortSignal;
  /** Answer null on 404 instead of failing (identifier checks). */
  notFoundAsNull?: boolean;
}

/**
 * GET for the literature clients: per-host rate limit, time limit, typed errors. These requests go only to the
 * fixed API hosts of our configuration (never to URLs from users or records), so they need no SSRF guard.
 */
export class LiteratureFetcher {
  constructor(private readonly options: LiteratureFetcherOptions) {}

  async getText(url: URL, options: GetOptions): Promise<string | null> {
    await this.options.limiter.acquire(url.host, options.perSecond, options.signal);
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    const shown = redactKey(url);
    let response: Response;
    try {
      // Fixed, configured API host: see the class comment.
      response = await fetch(url, {
        signal,
        headers: { 'user-agent': `cancer-qa/0.1 (mailto:${this.options.contactEmail})`, accept: 'application/json, application/xml;q=0.9, */*;q=0.5' },
      });
    } catch {
      if (options.signal?.aborted) throw options.signal.reason;
      const timedOut = deadline.aborted;
      throw new LiteratureHttpError(`${timedOut ? 'Timed out' : 'Could not reach'} ${shown}`, shown, null, true);
    }
    const body = await response.text();
    if (response.status === 404 && options.notFoundAsNull) return null;
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new LiteratureHttpError(
        `${shown} answered ${response.status}`,
        shown,
        response.status,
        response.status === 429 || response.status >= 500,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
        body.slice(0, 1000),
      );
    }
    return body;
  }

  async getJson<T>(url: URL, options: GetOptions): Promise<T | null> {
    const text = await this.getText(url, options);
    if (text === null) return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new LiteratureHttpError(`${redactKey(url)} did not answer JSON`, redactKey(url), 200, false, null, text.slice(0, 1000));
    }
  }
}

/** URLs in errors and logs never show the NCBI key. */
export function redactKey(url: URL): string {
  const copy = new URL(url);
  if (copy.searchParams.has('api_key')) copy.searchParams.set('api_key', '***');
  return copy.toString();
}
