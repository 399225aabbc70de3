import Redis from 'ioredis';
import { dropDatabase } from '../src/database/database-admin';
import { redisConnectionOptions } from '../src/queues/redis-connection';

export default async function globalTeardown(): Promise<void> {
  const { DATABASE_URL, REDIS_URL, QUEUE_PREFIX } = process.env;
  if (DATABASE_URL?.includes('/cqa_test_')) await dropDatabase(DATABASE_URL);
  if (REDIS_URL && QUEUE_PREFIX?.startsWith('cqa_test_')) {
    const redis = new Redis(redisConnectionOptions(REDIS_URL));
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${QUEUE_PREFIX}*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  }
}
