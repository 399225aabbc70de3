import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { createConnection } from 'mysql2/promise';
import { e2eRun } from './run-id';

/** Drops the run's database, Redis keys, received mail and uploaded reports. */
export default async function globalTeardown(): Promise<void> {
  const { env, mailDir, reportsDir } = e2eRun();
  rmSync(mailDir, { recursive: true, force: true });
  rmSync(reportsDir, { recursive: true, force: true });
  rmSync(path.join(tmpdir(), `cqa_e2e_fake_ai_${process.env.E2E_RUN_ID}.url`), { force: true });
  const url = new URL(env.DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/';
  if (/^cqa_e2e_[a-z0-9_]+$/.test(name)) {
    const connection = await createConnection({ uri: url.toString() });
    await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await connection.end();
  }
  const redis = new Redis(env.REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${env.QUEUE_PREFIX}:*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
}
