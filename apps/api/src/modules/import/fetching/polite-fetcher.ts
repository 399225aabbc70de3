import { HostPoliteness, parseRetryAfter } from '../politeness/host-politeness';
import { RobotsFetcher } from '../robots/robots-fetcher';
import { FetchError, httpStatusError } from './fetch-error';
import { SafeFetcher, SafeFetchInit, SafeFetchResult } from './safe-fetcher';

export interface PoliteFetchInit extends SafeFetchInit {
  /** For API endpoints (Reddit OAuth) that robots.txt does not govern; politeness still applies. */
  skipRobots?: boolean;
}

/** Used when a 429 names no Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 60_000;
const MAX_RETRY_AFTER_MS = 3_600_000;

/**
 * What the importer fetches with: robots.txt first (and again for each redirect hop's host), then the safe
 * fetcher inside the host's politeness slot. A 429 (or 503 with Retry-After) pushes the host's next slot back;
 * the answer is still returned so the caller can choose (Reddit falls back to OAuth, `assertOk` throws).
 */
export class PoliteFetcher {
  constructor(
    readonly fetcher: SafeFetcher,
    private readonly robots: RobotsFetcher,
    private readonly politeness: HostPoliteness,
  ) {}

  async fetch(input: string | URL, init: PoliteFetchInit = {}): Promise<SafeFetchResult> {
    const { skipRobots, ...rest } = init;
    const url = this.fetcher.checkUrl(input);
    const verdict = skipRobots ? null : await this.robots.assertAllowed(url, init.signal);
    const response = await this.politeness.run(
      url.host,
      () =>
        this.fetcher.fetch(url, {
          ...rest,
          beforeRedirect: async (next) => {
            if (!skipRobots) await this.robots.assertAllowed(next, init.signal);
            await init.beforeRedirect?.(next);
          },
        }),
      { minDelayMs: verdict?.crawlDelayMs, signal: init.signal },
    );
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    if (response.status === 429 || (response.status === 503 && retryAfter !== null)) {
      await this.politeness.deferHost(new URL(response.url).host, Math.min(retryAfter ?? DEFAULT_RETRY_AFTER_MS, MAX_RETRY_AFTER_MS));
    }
    return response;
  }
}

/** Throws unless the answer is 2xx: 429 as 'Rate limited by the site' (with the wait), others with their status. */
export function assertOk(response: SafeFetchResult): SafeFetchResult {
  if (response.status >= 200 && response.status < 300) return response;
  if (response.status === 429) {
    const retryAfterMs = Math.min(parseRetryAfter(response.headers.get('retry-after')) ?? DEFAULT_RETRY_AFTER_MS, MAX_RETRY_AFTER_MS);
    throw new FetchError('rate_limited', { status: 429, retryAfterMs });
  }
  throw httpStatusError(response.status, response.statusText);
}
