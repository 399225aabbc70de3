import Redis from 'ioredis';
import { HostPoliteness, parseRetryAfter } from './host-politeness';

/** Real Redis (REDIS_URL or 127.0.0.1:6379) with a key prefix of this run only. */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `cqa-test-import-${process.pid}-${Date.now()}:`;

describe('HostPoliteness (Redis)', () => {
  // Two connections stand for two workers.
  const redisA = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const redisB = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const workerA = new HostPoliteness(redisA, { keyPrefix: PREFIX, defaultDelayMs: 300, pollMs: 20 });
  const workerB = new HostPoliteness(redisB, { keyPrefix: PREFIX, defaultDelayMs: 300, pollMs: 20 });

  afterAll(async () => {
    const keys = await redisA.keys(`${PREFIX}*`);
    if (keys.length > 0) await redisA.del(...keys);
    redisA.disconnect();
    redisB.disconnect();
  });

  const timed = (log: Array<{ start: number; end: number }>) => async () => {
    const start = Date.now();
    await new Promise((r) => setTimeout(r, 100));
    log.push({ start, end: Date.now() });
    return log.length;
  };

  it('serialises two concurrent requests to one host, with the least delay between them', async () => {
    const log: Array<{ start: number; end: number }> = [];
    await Promise.all([workerA.run('forum.example', timed(log)), workerB.run('forum.example', timed(log))]);
    expect(log).toHaveLength(2);
    const [first, second] = log.sort((a, b) => a.start - b.start);
    expect(second.start).toBeGreaterThanOrEqual(first.end + 300 - 15);
  });

  it('lets different hosts go at once', async () => {
    // Each task waits until the other has started: were the hosts serialised, the first would wait in vain.
    let startedA!: () => void;
    let startedB!: () => void;
    const [a, b] = [new Promise<void>((r) => { startedA = r; }), new Promise<void>((r) => { startedB = r; })];
    const meetingOther = (mine: () => void, other: Promise<void>) => async () => {
      mine();
      let timer: NodeJS.Timeout | undefined;
      const alone = new Promise((r) => { timer = setTimeout(() => r('alone'), 5000); });
      return Promise.race([other.then(() => 'met'), alone]).finally(() => clearTimeout(timer));
    };
    await expect(Promise.all([
      workerA.run('a.example', meetingOther(startedA, b)), workerB.run('b.example', meetingOther(startedB, a)),
    ])).resolves.toEqual(['met', 'met']);
  });

  // Each gap is measured from a time taken before the code's own (Redis) clock set the delay to one taken inside the
  // next task, so a slow machine only lengthens what is measured.
  it('honours a longer Crawl-delay and a Retry-After', async () => {
    let crawlEnded = 0;
    await workerA.run('slow.example', async () => { crawlEnded = Date.now(); }, { minDelayMs: 600 });
    let nextStarted = 0;
    await workerB.run('slow.example', async () => { nextStarted = Date.now(); });
    expect(nextStarted - crawlEnded).toBeGreaterThanOrEqual(600 - 15);

    const deferred = Date.now();
    await workerA.deferHost('limited.example', 500);
    let limitedStarted = 0;
    await workerB.run('limited.example', async () => { limitedStarted = Date.now(); });
    expect(limitedStarted - deferred).toBeGreaterThanOrEqual(500 - 15);
  });

  it('releases the host when the task fails', async () => {
    await expect(workerA.run('fail.example', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(workerB.run('fail.example', async () => 'next')).resolves.toBe('next');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
