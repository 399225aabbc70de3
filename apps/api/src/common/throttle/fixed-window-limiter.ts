/** Counts hits of a key within a window and reports the count so far; Redis in the app, a map in unit tests. */
export interface WindowCounter {
  hit(key: string, windowSeconds: number): Promise<number>;
}

export interface LimitRule {
  /** What is counted, e.g. `login:ip:127.0.0.1`. */
  key: string;
  limit: number;
}

/**
 * Fixed-window rate limit: each key's count lives in a bucket named after the window it falls in, so a burst
 * across a boundary can reach twice the limit at worst, which is fine for slowing down guessing.
 */
export class FixedWindowLimiter {
  constructor(private readonly counter: WindowCounter, private readonly windowSeconds: number, private readonly now: () => number = Date.now) {}

  /** Counts one attempt against every rule; true when any of them is over its limit. */
  async isOverLimit(rules: LimitRule[]): Promise<boolean> {
    const bucket = Math.floor(this.now() / 1000 / this.windowSeconds);
    const counts = await Promise.all(rules.map((rule) => this.counter.hit(`${rule.key}:${bucket}`, this.windowSeconds)));
    return counts.some((count, i) => count > rules[i]!.limit);
  }
}
