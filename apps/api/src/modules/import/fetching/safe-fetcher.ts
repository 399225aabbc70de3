import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, fetch, type Response } from 'undici';
import { assertAddressAllowed, literalAddress } from './address-policy';
import { FetchError } from './fetch-error';

/** Our robots.txt product token and the User-Agent of every request. */
export const IMPORTER_AGENT_TOKEN = 'CancerQA-Importer';
export const IMPORTER_USER_AGENT = `${IMPORTER_AGENT_TOKEN}/1.0`;

export const SAFE_FETCH_DEFAULTS = {
  connectTimeoutMs: 5_000,
  totalTimeoutMs: 20_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
} as const;

const ALLOWED_PORTS = new Set(['', '80', '443']);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const TEXT_TYPES = new Set(['text/html', 'application/xhtml+xml', 'application/json', 'text/plain']);

export interface SafeFetcherOptions {
  /** FETCH_ALLOW_HOSTS: exact `host[:port]` entries that skip the address and port checks (tests only). */
  allowHosts?: readonly string[];
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  /** DNS lookup for the early check and at connect time; tests inject one. Defaults to `dns.lookup`. */
  lookup?: LookupFunction;
}

export interface SafeFetchInit {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The caller's cancellation (e.g. the job's); the total timeout applies as well. */
  signal?: AbortSignal;
  /** Read the body whatever its content type (robots.txt); other requests refuse non-text types. */
  anyContentType?: boolean;
  /** Runs before each redirect is followed, once the hop passed the safety checks (e.g. robots.txt per host). */
  beforeRedirect?: (next: URL) => Promise<void> | void;
}

export interface SafeFetchResult {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  statusText: string;
  headers: Headers;
  /** The media type, lower-case, without parameters; '' when the server sent none. */
  contentType: string;
  /** The decoded body; '' for a non-2xx answer whose type is not text. */
  text: string;
  redirects: string[];
}

/** Whether a media type is one we read: HTML, XHTML, JSON (also `+json`) or plain text. */
export function isTextContentType(mediaType: string): boolean {
  return TEXT_TYPES.has(mediaType) || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

/** Where a redirect leads, refusing https→http. The fetcher checks the result like any other URL. */
export function redirectTarget(from: URL, location: string): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new FetchError('invalid_url', { detail: 'bad redirect location' });
  }
  if (from.protocol === 'https:' && next.protocol === 'http:') throw new FetchError('insecure_redirect', { detail: next.host });
  return next;
}

/**
 * The one fetcher for URLs that users type (the classic SSRF hole). Each URL and redirect hop is checked (scheme,
 * credentials, port, literal IPs); DNS names are resolved and checked early for a clear error, and checked again
 * at connect time by the undici Agent's `connect.lookup`, so an answer that changes in between (DNS rebinding)
 * is refused too. Redirects are followed by hand; time and decoded size are capped.
 */
export class SafeFetcher {
  private readonly allowHosts: ReadonlySet<string>;
  private readonly lookup: LookupFunction;
  private readonly agent: Agent;
  /** Only for FETCH_ALLOW_HOSTS entries: no address check at connect time. */
  private readonly trustedAgent: Agent;
  readonly options: Required<Omit<SafeFetcherOptions, 'allowHosts' | 'lookup'>>;

  constructor(options: SafeFetcherOptions = {}) {
    this.options = {
      connectTimeoutMs: options.connectTimeoutMs ?? SAFE_FETCH_DEFAULTS.connectTimeoutMs,
      totalTimeoutMs: options.totalTimeoutMs ?? SAFE_FETCH_DEFAULTS.totalTimeoutMs,
      maxBytes: options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes,
      maxRedirects: options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects,
      userAgent: options.userAgent ?? IMPORTER_USER_AGENT,
    };
    this.allowHosts = new Set((options.allowHosts ?? []).map((h) => h.toLowerCase()));
    this.lookup = options.lookup ?? (dns.lookup as LookupFunction);
    this.agent = new Agent({ connect: { timeout: this.options.connectTimeoutMs, lookup: guardedLookup(this.lookup) } });
    this.trustedAgent = new Agent({ connect: { timeout: this.options.connectTimeoutMs } });
  }

  /** Checks a URL without fetching it: scheme, credentials, port and a literal IP. Returns it parsed, without its fragment. */
  checkUrl(input: string | URL): URL {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw new FetchError('invalid_url');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('scheme_not_allowed');
    if (url.username || url.password) throw new FetchError('credentials_in_url');
    if (!url.hostname) throw new FetchError('invalid_url');
    url.hash = '';
    if (this.isAllowListed(url)) return url;
    if (!ALLOWED_PORTS.has(url.port)) throw new FetchError('port_not_allowed', { detail: url.port });
    const literal = literalAddress(url.hostname);
    if (literal) assertAddressAllowed(literal, url.hostname);
    return url;
  }

  async fetch(input: string | URL, init: SafeFetchInit = {}): Promise<SafeFetchResult> {
    const timeout = AbortSignal.timeout(this.options.totalTimeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let url = this.checkUrl(input);
    let method = init.method ?? 'GET';
    let body = init.body;
    const headers: Record<string, string> = { 'user-agent': this.options.userAgent, accept: 'text/html,application/xhtml+xml,application/json;q=0.9,text/plain;q=0.8', ...init.headers };
    const redirects: string[] = [];
    try {
      for (let hop = 0; ; hop++) {
        await this.checkResolved(url, signal);
        const response = await fetch(url, { method, headers, body, redirect: 'manual', signal, dispatcher: this.isAllowListed(url) ? this.trustedAgent : this.agent });
        const location = response.headers.get('location');
        if (!REDIRECT_STATUSES.has(response.status) || !location) return await this.read(url, response, redirects, init);
        await response.body?.cancel().catch(() => undefined);
        if (hop >= this.options.maxRedirects) throw new FetchError('too_many_redirects');
        const next = this.checkUrl(redirectTarget(url, location));
        if (next.origin !== url.origin) delete headers.authorization;
        if (response.status === 303 || (method === 'POST' && response.status !== 307 && response.status !== 308)) {
          method = 'GET';
          body = undefined;
          delete headers['content-type'];
        }
        await init.beforeRedirect?.(next);
        redirects.push(next.href);
        url = next;
      }
    } catch (error) {
      throw translateError(error, timeout, init.signal);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.agent.close(), this.trustedAgent.close()]);
  }

  private isAllowListed(url: URL): boolean {
    return this.allowHosts.size > 0 && this.allowHosts.has(url.host.toLowerCase());
  }

  /** The early check of a DNS name: every address it resolves to must be public. */
  private async checkResolved(url: URL, signal: AbortSignal): Promise<void> {
    if (this.isAllowListed(url) || literalAddress(url.hostname)) return;
    const addresses = await new Promise<dns.LookupAddress[]>((resolve, reject) => {
      this.lookup(url.hostname, { all: true }, (err, result) => (err ? reject(err) : resolve(result as unknown as dns.LookupAddress[])));
    }).catch((cause) => {
      throw new FetchError('unreachable', { reason: 'Host not found', detail: url.hostname, cause });
    });
    signal.throwIfAborted();
    if (addresses.length === 0) throw new FetchError('unreachable', { reason: 'Host not found', detail: url.hostname });
    for (const { address } of addresses) assertAddressAllowed(address, url.hostname);
  }

  private async read(url: URL, response: Response, redirects: string[], init: SafeFetchInit): Promise<SafeFetchResult> {
    const rawType = response.headers.get('content-type') ?? '';
    const contentType = rawType.split(';')[0].trim().toLowerCase();
    const result = { url: url.href, status: response.status, statusText: response.statusText, headers: response.headers as unknown as Headers, contentType, redirects };
    if (!init.anyContentType && !isTextContentType(contentType)) {
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) throw new FetchError('unsupported_content_type', { detail: contentType || 'none' });
      return { ...result, text: '' };
    }
    return { ...result, text: await readCapped(response, this.options.maxBytes, charsetOf(rawType)) };
  }
}

/** Reads the decoded (decompressed) body, aborting as soon as it passes `maxBytes`. */
async function readCapped(response: Response, maxBytes: number, charset: string): Promise<string> {
  const tooLarge = () => new FetchError('too_large', { reason: `Page too large (over ${formatSize(maxBytes)})` });
  const declared = Number(response.headers.get('content-length'));
  if (!response.headers.get('content-encoding') && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks);
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function charsetOf(contentType: string): string {
  return /charset="?([\w.:-]+)"?/i.exec(contentType)?.[1] ?? 'utf-8';
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** The connect-time check: every address the name resolves to must be public, whatever the caller asked for. */
export function guardedLookup(lookup: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (err, result) => {
      if (err) return callback(err, '', 0);
      const addresses = result as unknown as dns.LookupAddress[];
      try {
        if (addresses.length === 0) throw new FetchError('unreachable', { reason: 'Host not found', detail: hostname });
        for (const { address } of addresses) assertAddressAllowed(address, hostname);
      } catch (error) {
        return callback(error as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return callback(null, addresses as never);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** Maps undici's and the signals' errors to a FetchError; the caller's own cancellation is passed through. */
function translateError(error: unknown, timeout: AbortSignal, callerSignal?: AbortSignal): unknown {
  if (callerSignal?.aborted) return callerSignal.reason ?? error;
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof FetchError) return e;
    const code = (e as { code?: string }).code;
    if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      return new FetchError('timeout', { cause: error });
    }
  }
  if (timeout.aborted) return new FetchError('timeout', { cause: error });
  return new FetchError('unreachable', { cause: error });
}
