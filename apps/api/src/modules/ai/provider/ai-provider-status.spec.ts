import { AI_QUOTA_EXHAUSTED_MESSAGE } from '@cqa/contracts';
import { AI_PROVIDER_STATE_KEY, RedisAiProviderStatus } from './ai-provider-status';

/** Just enough of ioredis for the status: a map with SET NX, GET, DEL and EXPIRE. */
function memoryRedis() {
  const store = new Map<string, string>();
  const ttl = new Map<string, number>();
  const redis = {
    set: async (key: string, value: string, _ex: 'EX', seconds: number, nx: 'NX') => {
      if (nx && store.has(key)) return null;
      store.set(key, value);
      ttl.set(key, seconds);
      return 'OK';
    },
    get: async (key: string) => store.get(key) ?? null,
    del: async (key: string) => Number(store.delete(key)),
    expire: async (key: string, seconds: number) => (store.has(key) ? (ttl.set(key, seconds), 1) : 0),
  };
  return { store, ttl, client: { redis: redis as never, ready: async () => undefined } };
}

describe('RedisAiProviderStatus', () => {
  it('reports quota exhaustion from its first sighting until a call succeeds', async () => {
    const { store, ttl, client } = memoryRedis();
    const status = new RedisAiProviderStatus(client);
    expect(await status.read()).toBeNull();
    await status.quotaExhausted();
    const first = await status.read();
    expect(first).toEqual({ state: 'quota_exhausted', reason: AI_QUOTA_EXHAUSTED_MESSAGE, since: expect.any(String) });
    expect(ttl.get(AI_PROVIDER_STATE_KEY)).toBe(24 * 3600);
    await new Promise((r) => setTimeout(r, 5));
    await status.quotaExhausted();
    expect((await status.read())!.since).toBe(first!.since);
    await status.succeeded();
    expect(store.size).toBe(0);
    expect(await status.read()).toBeNull();
  });

  it('never throws, and gives up within a second, when Redis does not answer', async () => {
    const hung = { redis: {} as never, ready: () => new Promise<void>(() => undefined) };
    const status = new RedisAiProviderStatus(hung);
    // Fake timers: the second is the code's own timer, not a wall-clock bound a loaded machine could miss.
    jest.useFakeTimers();
    try {
      const settled = async <T>(work: Promise<T>) => {
        let result: { value: T } | null = null;
        void work.then((value) => { result = { value }; });
        await jest.advanceTimersByTimeAsync(1000);
        return result;
      };
      expect(await settled(status.quotaExhausted())).toEqual({ value: undefined });
      expect(await settled(status.read())).toEqual({ value: null });
    } finally {
      jest.useRealTimers();
    }
    const broken = { redis: { get: async () => { throw new Error('down'); } } as never, ready: async () => undefined };
    await expect(new RedisAiProviderStatus(broken).read()).resolves.toBeNull();
  });
});
