import { EventEmitter } from 'node:events';
import { ServiceUnavailableException } from '@nestjs/common';
import type { RedisClient } from '../../queues/redis-client.provider';
import { SESSION_VERSION_CACHE_MS, SessionVersions } from './session-versions.service';

/** A Redis connection in memory: counts GETs, can be taken down, and can be bumped "by another process" (set). */
class FakeRedis extends EventEmitter {
  status = 'ready';
  gets = 0;
  values = new Map<string, number>();
  pending: (() => void) | null = null;
  async get(key: string): Promise<string | null> {
    this.gets++;
    if (this.status !== 'ready') throw new Error('Connection is closed.');
    const value = this.values.get(key);
    if (this.pending) await new Promise<void>((resolve) => { this.pending = resolve; });
    return value === undefined ? null : String(value);
  }
  async incr(key: string): Promise<number> {
    if (this.status !== 'ready') throw new Error('Connection is closed.');
    const next = (this.values.get(key) ?? 0) + 1;
    this.values.set(key, next);
    return next;
  }
}

describe('SessionVersions', () => {
  let redis: FakeRedis;
  let versions: SessionVersions;
  let now: number;
  beforeEach(() => {
    redis = new FakeRedis();
    versions = new SessionVersions({ redis, ready: async () => undefined } as unknown as RedisClient);
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  it('reads a version once per SESSION_VERSION_CACHE_MS (at most 1 s), then from Redis again', async () => {
    expect(SESSION_VERSION_CACHE_MS).toBeLessThanOrEqual(1_000);
    expect(await versions.current('u1')).toBe(0);
    expect(await versions.current('u1')).toBe(0);
    expect(redis.gets).toBe(1);
    now += SESSION_VERSION_CACHE_MS;
    expect(await versions.current('u1')).toBe(0);
    expect(redis.gets).toBe(2);
  });

  it("takes another process's bump within the bound, and its own bump at once", async () => {
    await versions.current('u1');
    redis.values.set('sv:u1', 1); // another replica bumped it
    now += SESSION_VERSION_CACHE_MS - 1;
    expect(await versions.current('u1')).toBe(0);
    now += 1;
    expect(await versions.current('u1')).toBe(1);

    await versions.bump('u1');
    expect(await versions.current('u1')).toBe(2);
  });

  it('does not keep a version read while a bump was under way', async () => {
    redis.pending = () => undefined;
    const inFlight = versions.current('u1');
    await new Promise((r) => setImmediate(r));
    await versions.bump('u1');
    redis.pending!();
    redis.pending = null;
    expect(await inFlight).toBe(0);
    expect(await versions.current('u1')).toBe(1);
  });

  it('fails closed while Redis is down, whatever it read before, and forgets everything when the connection drops', async () => {
    await versions.current('u1');
    redis.status = 'reconnecting';
    await expect(versions.current('u1')).rejects.toBeInstanceOf(ServiceUnavailableException);

    redis.status = 'ready';
    await versions.current('u1');
    redis.emit('close');
    redis.values.set('sv:u1', 5);
    expect(await versions.current('u1')).toBe(5);
  });
});
