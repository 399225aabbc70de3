import { randomBytes } from 'node:crypto';

/**
 * One throwaway database and Redis prefix per Playwright run. The config module is evaluated by the runner and
 * again by each worker; the runner sets the id first and the workers inherit it through the environment.
 */
export function e2eRun() {
  process.env.E2E_RUN_ID ??= `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const id = process.env.E2E_RUN_ID;
  const database = new URL(process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/cqa');
  database.pathname = `/cqa_e2e_${id}`;
  return {
    port: Number(process.env.E2E_PORT ?? 8181),
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: database.toString(),
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: `cqa_e2e_${id}`,
      LOG_LEVEL: 'warn',
    },
  };
}
