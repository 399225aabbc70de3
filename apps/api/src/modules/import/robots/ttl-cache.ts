import type Redis from 'ioredis';

/** A small string cache with expiry: Redis when workers share it, memory in a single process or a test. */
export interface TtlCache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
}

export class MemoryTtlCache implements TtlCache {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();

  constructor(private readonly maxEntries = 1000) {}

  async get(key: string): Promise<string | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt > Date.now()) return entry.value;
    this.entries.delete(key);
    return null;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 });
  }
}

export class RedisTtlCache implements TtlCache {
  /** `keyPrefix` comes from configuration (e.g. `${QUEUE_PREFIX}:import:`) so tests keep to their own keys. */
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  get(key: string): Promise<string | null> {
    return this.redis.get(this.keyPrefix + key);
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.keyPrefix + key, value, 'EX', Math.max(1, Math.round(ttlSeconds)));
  }
}
