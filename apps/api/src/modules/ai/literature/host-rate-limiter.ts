import type Redis from 'ioredis';

/** Waits until a request to `host` may go out, at most `perSecond` per second across every process. */
export interface HostRateLimiter {
  acquire(host: string, perSecond: number, signal?: AbortSignal): Promise<void>;
}

/**
 * Reserves the next free slot for the host and returns how long to wait for it. Slots are spaced 1000/rate ms
 * apart on Redis's own clock, so every API and worker process shares one schedule and no burst exceeds the rate.
 */
const RESERVE_SLOT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local free = tonumber(redis.call('GET', KEYS[1]) or '0')
local at = math.max(now, free)
redis.call('SET', KEYS[1], at + interval, 'PX', at + interval - now + 1000)
return at - now
`;

export class RedisHostRateLimiter implements HostRateLimiter {
  /** `prefix` keeps tests and deployments apart; it is added after any keyPrefix of the connection. */
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'ratelimit:host:',
  ) {}

  async acquire(host: string, perSecond: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    const interval = Math.max(1, Math.ceil(1000 / perSecond));
    const waitMs = Number(await this.redis.eval(RESERVE_SLOT, 1, `${this.prefix}${host}`, interval));
    if (waitMs > 0) await sleep(waitMs, signal);
  }
}

/** For tests of the clients themselves. */
export const UNLIMITED: HostRateLimiter = { acquire: async (_host, _rate, signal) => signal?.throwIfAborted() };

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
