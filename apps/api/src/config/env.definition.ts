/**
 * Every environment variable the API and worker read, with its default and meaning.
 * The README's configuration table, the boot-time validation and the docker/k8s manifest test all read this list.
 */
export interface EnvVariable {
  name: string;
  default: string | null;
  description: string;
  /** Which processes read it. */
  usedBy: ReadonlyArray<'api' | 'worker' | 'cli'>;
}

export const ENV_VARIABLES = [
  { name: 'NODE_ENV', default: 'development', description: '`development`, `test` or `production`. Production turns off demo seeding and the dev-only routes.', usedBy: ['api', 'worker', 'cli'] },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface the API listens on.', usedBy: ['api'] },
  { name: 'PORT', default: '8080', description: 'Port the API (and the built web app) is served on.', usedBy: ['api'] },
  { name: 'DATABASE_URL', default: 'mysql://root@127.0.0.1:3306/cqa', description: 'MySQL 8 / MariaDB 10.11 connection URL; the database is created by `npm run db:migrate` when missing.', usedBy: ['api', 'worker', 'cli'] },
  { name: 'REDIS_URL', default: 'redis://127.0.0.1:6379', description: 'Redis 7 connection URL for the job queues.', usedBy: ['api', 'worker'] },
  { name: 'QUEUE_PREFIX', default: 'cqa', description: 'Key prefix of every queue key in Redis; tests use their own.', usedBy: ['api', 'worker'] },
  { name: 'WEB_DIST_DIR', default: 'dist/web', description: 'Folder holding the built shell and remotes that the API serves; relative paths start at the repository root.', usedBy: ['api'] },
  { name: 'LOG_LEVEL', default: 'info', description: 'pino level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.', usedBy: ['api', 'worker', 'cli'] },
  { name: 'TRUST_PROXY', default: 'false', description: 'Fastify `trustProxy`: `false`, `true`, a hop count, or a comma-separated list of proxy addresses/CIDRs whose `X-Forwarded-For` is believed.', usedBy: ['api'] },
  { name: 'WORKER_CONCURRENCY', default: '5', description: 'Jobs one worker process runs at once per queue.', usedBy: ['worker'] },
  { name: 'JOB_LOCK_DURATION_MS', default: '30000', description: 'How long a worker holds a job lock before another worker may take the job over; the worker shutdown grace must be longer.', usedBy: ['worker'] },
] as const satisfies ReadonlyArray<EnvVariable>;

export type EnvName = (typeof ENV_VARIABLES)[number]['name'];
