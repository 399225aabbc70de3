/**
 * Integration runs use a throwaway database and their own Redis key prefix, named once per run
 * and handed to the test workers through the environment.
 */
import { randomBytes } from 'node:crypto';

export function integrationEnvironment(base: NodeJS.ProcessEnv = process.env) {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const server = new URL(base.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/cqa');
  server.pathname = `/cqa_test_${runId}`;
  return {
    NODE_ENV: 'test',
    DATABASE_URL: server.toString(),
    REDIS_URL: base.REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `cqa_test_${runId}`,
    LOG_LEVEL: base.LOG_LEVEL ?? 'silent',
    WEB_DIST_DIR: base.WEB_DIST_DIR ?? 'dist/web-not-built-for-integration',
    // Every test signs in from 127.0.0.1; the throttling test sets its own limits.
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
    // Suites sign admins in with a password alone; the two-factor suite turns the requirement (default on) back on.
    TWO_FACTOR_REQUIRED_FOR_ADMINS: 'false',
    // The same for experts (default on); two-factor-experts.integration-spec.ts turns it back on.
    TWO_FACTOR_REQUIRED_FOR_EXPERTS: 'false',
    // Suites share one database under their own queue prefixes: a recovery pass would take another suite's runs as
    // its own lost work. The fault test of a Redis restart (redis-recovery.integration-spec.ts) turns it on.
    JOB_RECOVERY_INTERVAL_MS: '0',
  };
}
