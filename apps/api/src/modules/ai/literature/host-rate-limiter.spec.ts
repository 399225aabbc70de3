import Redis from 'ioredis';
import { RedisHostRateLimiter } from './host-rate-limiter';

/** Against the machine's Redis (REDIS_URL, default 127.0.0.1:6379) under a key prefix of its own. */
describe('RedisHostRateLimiter', () => {
  const prefix = `cqa-test:${process.pid}:${Date.now()}:ratelimit:`;
  let a: Redis;
  let b: Redis;

  beforeAll(() => {
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    // Two connections stand for two worker processes.
    a = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 1 });
    b = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = await a.keys(`${prefix}*`);
    if (keys.length) await a.del(...keys.map((k) => k.slice(prefix.length)));
    a.disconnect();
    b.disconnect();
  });

  it('spaces requests to one host at the rate across processes', async () => {
    const limiters = [new RedisHostRateLimiter(a), new RedisHostRateLimiter(b)];
    const started = Date.now();
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => limiters[i % 2].acquire('eutils.example', 10).then(() => times.push(Date.now() - started))),
    );
    times.sort((x, y) => x - y);
    // 8 requests at 10/s: the k-th may go k × 100 ms after the first, not sooner. Each is measured from a time taken
    // before any slot was reserved, so a late wake-up on a loaded machine only lengthens it (a gap between two
    // wake-ups could shrink).
    times.forEach((time, k) => expect(time).toBeGreaterThanOrEqual(k * 100 - 15));
    expect(times[7]).toBeLessThan(2000);
  });

  it('keeps hosts apart, and 3/s without an NCBI key is slower than 10/s with one', async () => {
    const limiter = new RedisHostRateLimiter(a);
    const run = async (host: string, rate: number) => {
      const started = Date.now();
      for (let i = 0; i < 4; i++) await limiter.acquire(host, rate);
      return Date.now() - started;
    };
    const [slow, fast, other] = await Promise.all([run('ncbi-nokey.example', 3), run('ncbi-key.example', 10), run('crossref.example', 10)]);
    expect(slow).toBeGreaterThanOrEqual(950);
    expect(fast).toBeLessThan(slow - 400);
    expect(other).toBeLessThan(slow - 400);
  });

  it('gives up waiting when the caller aborts', async () => {
    const limiter = new RedisHostRateLimiter(a);
    await limiter.acquire('abort.example', 1);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('cancelled')), 50);
    await expect(limiter.acquire('abort.example', 1, controller.signal)).rejects.toThrow('cancelled');
  });
});
