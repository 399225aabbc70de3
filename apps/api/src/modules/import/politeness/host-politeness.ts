import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { FetchError } from '../fetching/fetch-error';

export interface HostPolitenessOptions {
  /** From configuration (e.g. `${QUEUE_PREFIX}:import:`) so tests and deployments keep to their own keys. */
  keyPrefix: string;
  /** FETCH_HOST_DELAY_MS: least time between two requests to one host. */
  defaultDelayMs?: number;
  /** Longest Crawl-delay or Retry-After we honour before giving up on the host for now. */
  maxDelayMs?: number;
  /** How long one request may hold a host's lock; must outlast the fetcher's total timeout. */
  lockTtlMs?: number;
  pollMs?: number;
  /** How long `run` waits for its turn before failing with a transient 'Timed out'. */
  maxWaitMs?: number;
}

// Times come from Redis (TIME), so workers on machines with different clocks agree.
const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;
/** KEYS: lock, next. ARGV: token, lock ttl. Returns the wait before the request may start, or -1 when the lock is taken. */
const ACQUIRE = `${NOW}
local wait = math.max(0, tonumber(redis.call('GET', KEYS[2]) or '0') - now)
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', tonumber(ARGV[2]) + wait) then return wait end
return -1`;
/** KEYS: next. ARGV: delay. Moves the host's next allowed start to now + delay unless it is already later. */
const PUSH_NEXT = `${NOW}
local at = now + tonumber(ARGV[1])
if at > tonumber(redis.call('GET', KEYS[1]) or '0') then redis.call('SET', KEYS[1], at, 'PX', tonumber(ARGV[1]) + 1000) end
return at`;
/** KEYS: lock, next. ARGV: token, delay. */
const RELEASE = `${NOW}
local at = now + tonumber(ARGV[2])
if at > tonumber(redis.call('GET', KEYS[2]) or '0') then redis.call('SET', KEYS[2], at, 'PX', tonumber(ARGV[2]) + 1000) end
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`;

/**
 * Per-host politeness shared by every worker through Redis: one request at a time per host (a lock with a TTL,
 * so a dead worker cannot block a host for long) and a least delay between the end of one request and the start
 * of the next (FETCH_HOST_DELAY_MS, or the host's Crawl-delay when longer); a 429's Retry-After pushes it further.
 */
export class HostPoliteness {
  private readonly options: Required<HostPolitenessOptions>;

  constructor(
    private readonly redis: Redis,
    options: HostPolitenessOptions,
  ) {
    this.options = { defaultDelayMs: 1000, maxDelayMs: 60_000, lockTtlMs: 60_000, pollMs: 50, maxWaitMs: 120_000, ...options };
  }

  /** Runs `task` when it is this host's turn; the delay is counted from when the task ends. */
  async run<T>(host: string, task: () => Promise<T>, options: { minDelayMs?: number | null; signal?: AbortSignal } = {}): Promise<T> {
    const { lock, next } = this.keys(host);
    const token = randomUUID();
    const delayMs = Math.min(Math.max(this.options.defaultDelayMs, options.minDelayMs ?? 0), this.options.maxDelayMs);
    const deadline = Date.now() + this.options.maxWaitMs;
    let wait: number;
    for (;;) {
      wait = Number(await this.redis.eval(ACQUIRE, 2, lock, next, token, this.options.lockTtlMs));
      if (wait >= 0) break;
      if (Date.now() > deadline) throw new FetchError('timeout', { reason: 'Timed out waiting for our turn on this site', detail: host });
      await sleep(this.options.pollMs + Math.random() * this.options.pollMs, options.signal);
    }
    let started = false;
    try {
      if (wait > this.options.maxDelayMs + this.options.maxWaitMs) throw new FetchError('rate_limited', { detail: host, retryAfterMs: wait });
      if (wait > 0) await sleep(wait, options.signal);
      started = true;
      return await task();
    } finally {
      await this.redis.eval(RELEASE, 2, lock, next, token, started ? delayMs : 0);
    }
  }

  /** Honours a 429's Retry-After: nobody starts a request to this host before `delayMs` from now. */
  async deferHost(host: string, delayMs: number): Promise<void> {
    await this.redis.eval(PUSH_NEXT, 1, this.keys(host).next, Math.max(0, Math.round(delayMs)));
  }

  private keys(host: string) {
    const h = host.toLowerCase();
    return { lock: `${this.options.keyPrefix}polite:lock:${h}`, next: `${this.options.keyPrefix}polite:next:${h}` };
  }
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
