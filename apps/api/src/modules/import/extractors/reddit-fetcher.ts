import type { ImportedThread } from '@cqa/contracts';
import { FetchError } from '../fetching/fetch-error';
import { assertOk, PoliteFetcher } from '../fetching/polite-fetcher';
import type { SafeFetchResult } from '../fetching/safe-fetcher';
import { REDDIT_PUBLIC_ORIGIN, redditJsonUrl, redditThreadPath } from './reddit-json-parser';
import { InlineThreadParser, ThreadParser } from './thread-parser';

export interface RedditFetcherOptions {
  /** REDDIT_BASE_URL: where the public JSON form is read. */
  baseUrl?: string;
  /** REDDIT_AUTH_BASE_URL: the token endpoint. */
  authUrl?: string;
  /** REDDIT_OAUTH_BASE_URL: the API base used with a token. */
  oauthBaseUrl?: string;
  /** REDDIT_CLIENT_ID / REDDIT_CLIENT_SECRET; null: anonymous only. */
  credentials?: { clientId: string; clientSecret: string } | null;
}

/** Why a Reddit link waits for pasted text: the paste-mode reason the Import tab shows. */
export const REDDIT_ANONYMOUS_REFUSED = 'Reddit refuses anonymous access: paste the thread, or set Reddit app credentials (REDDIT_CLIENT_ID)';

/**
 * Reddit threads: the public JSON form first (robots.txt and politeness apply); when that is refused (403, 429 or
 * robots.txt) and app credentials are configured, the OAuth app-only flow (client credentials) reads the same
 * thread from the API. Reddit's real robots.txt (`User-agent: *` / `Disallow: /`) refuses every anonymous agent
 * and its API answers anonymous clients 403, so without credentials a Reddit link ends in paste mode: both
 * refusals become a `robots_refused` error with REDDIT_ANONYMOUS_REFUSED as its reason.
 */
export class RedditFetcher {
  private readonly baseUrl: string;
  private readonly authUrl: string;
  private readonly oauthBaseUrl: string;
  private readonly credentials: RedditFetcherOptions['credentials'];
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly polite: PoliteFetcher,
    options: RedditFetcherOptions = {},
    private readonly parser: ThreadParser = new InlineThreadParser(),
  ) {
    this.baseUrl = (options.baseUrl ?? REDDIT_PUBLIC_ORIGIN).replace(/\/+$/, '');
    this.authUrl = options.authUrl ?? 'https://www.reddit.com/api/v1/access_token';
    this.oauthBaseUrl = (options.oauthBaseUrl ?? 'https://oauth.reddit.com').replace(/\/+$/, '');
    this.credentials = options.credentials ?? null;
  }

  /** The thread path when the URL is a Reddit thread (or one on the configured base), else null. */
  threadPath(url: URL): string | null {
    return redditThreadPath(url, new URL(this.baseUrl).host);
  }

  async fetchThread(url: URL, signal?: AbortSignal): Promise<ImportedThread> {
    const path = this.threadPath(url);
    if (!path) throw new FetchError('unreadable_page', { detail: 'not a Reddit thread URL' });
    let anonymous: SafeFetchResult | null = null;
    try {
      anonymous = await this.polite.fetch(redditJsonUrl(path, this.baseUrl), { signal, headers: { accept: 'application/json' } });
    } catch (error) {
      if (!(error instanceof FetchError && error.code === 'robots_refused')) throw error;
      if (!this.credentials) throw new FetchError('robots_refused', { reason: REDDIT_ANONYMOUS_REFUSED });
    }
    if (anonymous && anonymous.status >= 200 && anonymous.status < 300) return this.parse(anonymous, url);
    if (anonymous?.status === 403 && !this.credentials) throw new FetchError('robots_refused', { reason: REDDIT_ANONYMOUS_REFUSED, status: 403 });
    if (this.credentials && (!anonymous || anonymous.status === 403 || anonymous.status === 429)) {
      return this.parse(await this.viaOAuth(path, signal), url);
    }
    assertOk(anonymous!);
    throw new FetchError('unreadable_page');
  }

  private async viaOAuth(path: string, signal?: AbortSignal): Promise<SafeFetchResult> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken(signal);
      const response = await this.polite.fetch(`${this.oauthBaseUrl}${path}?raw_json=1&sort=top&limit=100`, {
        signal,
        skipRobots: true,
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      });
      if (response.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      return assertOk(response);
    }
  }

  private async accessToken(signal?: AbortSignal): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const { clientId, clientSecret } = this.credentials!;
    const response = assertOk(
      await this.polite.fetch(this.authUrl, {
        method: 'POST',
        signal,
        skipRobots: true,
        body: 'grant_type=client_credentials',
        headers: {
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
      }),
    );
    const body = safeJson(response.text) as { access_token?: unknown; expires_in?: unknown } | null;
    if (typeof body?.access_token !== 'string') throw new FetchError('http_status', { reason: 'Reddit refused the app credentials' });
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    this.token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, lifetime - 60) * 1000 };
    return this.token.value;
  }

  private parse(response: SafeFetchResult, url: URL): Promise<ImportedThread> {
    return this.parser.parse({ kind: 'reddit', json: response.text, url: url.href });
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
