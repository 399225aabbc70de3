import { FixedWindowLimiter, WindowCounter } from './fixed-window-limiter';

class MapCounter implements WindowCounter {
  readonly counts = new Map<string, number>();
  async hit(key: string): Promise<number> {
    const next = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, next);
    return next;
  }
}

describe('FixedWindowLimiter', () => {
  let clock: number;
  let counter: MapCounter;
  let limiter: FixedWindowLimiter;
  beforeEach(() => {
    clock = Date.UTC(2026, 0, 1, 0, 0, 0);
    counter = new MapCounter();
    limiter = new FixedWindowLimiter(counter, 60, () => clock);
  });

  it('allows the limit and refuses the attempt after it', async () => {
    const rules = [{ key: 'login:ip:1.2.3.4', limit: 3 }];
    expect(await limiter.isOverLimit(rules)).toBe(false);
    expect(await limiter.isOverLimit(rules)).toBe(false);
    expect(await limiter.isOverLimit(rules)).toBe(false);
    expect(await limiter.isOverLimit(rules)).toBe(true);
  });

  it('refuses when any one rule is over, counting the others too', async () => {
    const ip = { key: 'login:ip:1.2.3.4', limit: 10 };
    expect(await limiter.isOverLimit([ip, { key: 'login:acct:a', limit: 1 }])).toBe(false);
    expect(await limiter.isOverLimit([ip, { key: 'login:acct:a', limit: 1 }])).toBe(true);
    expect(await limiter.isOverLimit([ip, { key: 'login:acct:b', limit: 1 }])).toBe(false);
    expect([...counter.counts.entries()].filter(([k]) => k.startsWith('login:ip:'))[0]![1]).toBe(3);
  });

  it('starts again in the next window', async () => {
    const rules = [{ key: 'register:ip:::1', limit: 1 }];
    expect(await limiter.isOverLimit(rules)).toBe(false);
    expect(await limiter.isOverLimit(rules)).toBe(true);
    clock += 59_000;
    expect(await limiter.isOverLimit(rules)).toBe(true);
    clock += 1_000;
    expect(await limiter.isOverLimit(rules)).toBe(false);
  });
});
