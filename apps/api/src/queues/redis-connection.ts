import type { RedisOptions } from 'bullmq';

/** Connection options from a redis:// or rediss:// URL, understood by BullMQ and ioredis alike. */
export function redisConnectionOptions(redisUrl: string): RedisOptions {
  const url = new URL(redisUrl);
  const db = url.pathname.replace(/^\//, '');
  return {
    host: url.hostname || '127.0.0.1',
    port: url.port ? Number(url.port) : 6379,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: db ? Number(db) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    // BullMQ workers block on Redis and must not give up on a command.
    maxRetriesPerRequest: null,
  };
}
