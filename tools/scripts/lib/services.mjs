// Checks that MySQL and Redis answer before anything starts, and says plainly what to do when they don't.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, redactUrl } from './env.mjs';

const require = createRequire(path.join(ROOT, 'package.json'));

const HOW_TO_START = {
  MySQL: [
    'docker compose -f docker/compose.yml up -d mysql',
    'or, with MariaDB installed locally (Debian): start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd',
  ],
  Redis: [
    'docker compose -f docker/compose.yml up -d redis',
    'or, with Redis installed locally: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
  ],
};

async function checkMysql(databaseUrl) {
  const mysql = require('mysql2/promise');
  const url = new URL(databaseUrl);
  url.pathname = '/';
  const connection = await mysql.createConnection({ uri: url.toString(), connectTimeout: 3000 });
  try {
    await connection.query('SELECT 1');
  } finally {
    await connection.end();
  }
}

async function checkRedis(redisUrl) {
  const { default: Redis } = require('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
}

const reason = (error) => error?.code ?? error?.message ?? String(error);

/** Returns a list of problems, each naming the service, where we looked and how to start it. */
export async function checkServices(env) {
  const checks = [
    { name: 'MySQL', variable: 'DATABASE_URL', url: env.DATABASE_URL, check: checkMysql },
    { name: 'Redis', variable: 'REDIS_URL', url: env.REDIS_URL, check: checkRedis },
  ];
  const problems = [];
  await Promise.all(checks.map(async ({ name, variable, url, check }) => {
    try {
      await check(url);
    } catch (error) {
      problems.push(
        `${name} is not reachable at ${redactUrl(url)} (${variable}): ${reason(error)}.\n` +
        `  Start it with: ${HOW_TO_START[name][0]}\n  ${HOW_TO_START[name][1]}\n` +
        `  Or point ${variable} at a running ${name} (see README, Configuration).`,
      );
    }
  }));
  return problems;
}

export async function requireServices(env) {
  const problems = await checkServices(env);
  if (problems.length === 0) return;
  console.error(`\nCancer Q&A needs MySQL and Redis.\n\n${problems.join('\n\n')}\n`);
  process.exit(1);
}
