import { FetchError, FetchErrorCode } from '../fetching/fetch-error';
import { IMPORTER_AGENT_TOKEN, SafeFetcher } from '../fetching/safe-fetcher';
import { parseRobotsTxt, ROBOTS_MAX_CHARS, RobotsRules } from './robots-txt';
import { MemoryTtlCache, TtlCache } from './ttl-cache';

export interface RobotsFetcherOptions {
  cache?: TtlCache;
  /** ROBOTS_CACHE_TTL_SECONDS: how long a fetched robots.txt (or a 4xx "allow all") is kept. */
  ttlSeconds?: number;
  /** How long an unreachable or 5xx robots.txt keeps refusing before we ask again. */
  failureTtlSeconds?: number;
  agentToken?: string;
}

export interface RobotsVerdict {
  allowed: boolean;
  /** Crawl-delay of our group, in milliseconds, or null. */
  crawlDelayMs: number | null;
}

/** Errors that say the page itself can never be fetched: reported as they are, not as a robots refusal. */
const FINAL_CODES: ReadonlySet<FetchErrorCode> = new Set(['invalid_url', 'scheme_not_allowed', 'port_not_allowed', 'credentials_in_url', 'address_not_allowed']);

type CacheEntry = { kind: 'text'; text: string } | { kind: 'allow-all' } | { kind: 'disallow-all' };

/**
 * Reads robots.txt through the safe fetcher (RFC 9309): 2xx is parsed, 4xx allows everything, 5xx, 429 or an
 * unreachable server refuses everything; more than 5 redirects counts as "unavailable" (allow). Cached per origin.
 */
export class RobotsFetcher {
  private readonly cache: TtlCache;
  private readonly ttlSeconds: number;
  private readonly failureTtlSeconds: number;
  private readonly agentToken: string;

  constructor(
    private readonly fetcher: SafeFetcher,
    options: RobotsFetcherOptions = {},
  ) {
    this.cache = options.cache ?? new MemoryTtlCache();
    this.ttlSeconds = options.ttlSeconds ?? 86400;
    this.failureTtlSeconds = Math.min(options.failureTtlSeconds ?? 600, this.ttlSeconds);
    this.agentToken = options.agentToken ?? IMPORTER_AGENT_TOKEN;
  }

  async check(target: string | URL, signal?: AbortSignal): Promise<RobotsVerdict> {
    const url = this.fetcher.checkUrl(target);
    const rules = await this.rulesFor(url, signal);
    return { allowed: rules.isAllowed(url), crawlDelayMs: rules.crawlDelaySeconds === null ? null : rules.crawlDelaySeconds * 1000 };
  }

  /** Throws 'Refused by robots.txt' unless our agent may fetch the URL. */
  async assertAllowed(target: string | URL, signal?: AbortSignal): Promise<RobotsVerdict> {
    const verdict = await this.check(target, signal);
    if (!verdict.allowed) throw new FetchError('robots_refused', { detail: new URL(target).host });
    return verdict;
  }

  async rulesFor(url: URL, signal?: AbortSignal): Promise<RobotsRules> {
    const key = `robots:${url.origin}`;
    const cached = await this.cache.get(key);
    let entry: CacheEntry;
    if (cached) {
      entry = JSON.parse(cached) as CacheEntry;
    } else {
      entry = await this.download(url.origin, signal);
      await this.cache.set(key, JSON.stringify(entry), entry.kind === 'disallow-all' ? this.failureTtlSeconds : this.ttlSeconds);
    }
    if (entry.kind === 'allow-all') return RobotsRules.allowAll();
    if (entry.kind === 'disallow-all') return RobotsRules.disallowAll();
    return parseRobotsTxt(entry.text, this.agentToken);
  }

  private async download(origin: string, signal?: AbortSignal): Promise<CacheEntry> {
    try {
      const response = await this.fetcher.fetch(`${origin}/robots.txt`, { anyContentType: true, signal, headers: { accept: 'text/plain,*/*;q=0.1' } });
      if (response.status >= 200 && response.status < 300) return { kind: 'text', text: response.text.slice(0, ROBOTS_MAX_CHARS) };
      if (response.status >= 400 && response.status < 500 && response.status !== 429) return { kind: 'allow-all' };
      return { kind: 'disallow-all' };
    } catch (error) {
      if (!(error instanceof FetchError) || FINAL_CODES.has(error.code)) throw error;
      if (error.code === 'too_many_redirects') return { kind: 'allow-all' };
      return { kind: 'disallow-all' };
    }
  }
}
