// A local cluster from the production build: nginx balancing two APIs, two workers, each process its own host (a
// network namespace with its own address), and the cluster's own MariaDB and Redis. `startCluster` returns handles to
// every part, for `npm run cluster` (tools/cluster/run-cluster.mjs) and `npm run test:cluster` to stop, kill and
// restart. docs/operations.md ("A local cluster") says what it proves.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBalancer } from './balancer.mjs';
import { BRIDGE, createBridge, createHost, inHost, namespacesUnavailable, removeLeftovers } from './hosts.mjs';
import { freePort, managedProcess, waitUntil } from './processes.mjs';
import { startClusterMariadb, startClusterRedis } from './services.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_DIST = path.join(ROOT, 'dist/api/apps/api/src');
const API_PORT = 8080;
const DATABASE = 'cqa_cluster';

// One cluster per machine: its namespaces, bridge and addresses are fixed. The file names the running one's process.
const LOCK_FILE = path.join(tmpdir(), 'cqa-cluster.lock');

function claimTheMachine() {
  const holder = Number(existsSync(LOCK_FILE) ? readFileSync(LOCK_FILE, 'utf8') : 0);
  if (holder && holder !== process.pid) {
    try {
      process.kill(holder, 0);
      throw new Error(`another cluster runs (process ${holder}); stop it first`);
    } catch (error) {
      if (error.code !== 'ESRCH') throw error;
    }
  }
  writeFileSync(LOCK_FILE, String(process.pid));
}

/** Why the cluster cannot start here, or null. */
export function clusterUnavailable() {
  const noNamespaces = namespacesUnavailable();
  if (noNamespaces) return noNamespaces;
  for (const [command, args] of [['nginx', ['-v']], ['mariadbd', ['--version']], ['redis-server', ['--version']], ['mariadb-install-db', ['--help']]]) {
    if (spawnSync(command, args, { stdio: 'ignore' }).error) return `\`${command}\` is not installed (apt-get install nginx mariadb-server redis-server)`;
  }
  if (!existsSync(path.join(SERVER_DIST, 'main.js'))) return 'the server is not built (npm run build)';
  return null;
}

/**
 * Starts the cluster. `env` adds to every API's and worker's environment (e.g. the AI provider, SMTP); `port` is the
 * balancer's on 127.0.0.1. Resolves once both APIs answer /api/health through their own address.
 */
export async function startCluster({ apis = 2, workers = 2, port, env = {}, log = console.log } = {}) {
  const unavailable = clusterUnavailable();
  if (unavailable) throw new Error(`The cluster cannot start: ${unavailable}`);
  claimTheMachine();
  removeLeftovers();
  const dir = mkdtempSync(path.join(tmpdir(), 'cqa-cluster-'));
  const parts = [];
  const cluster = { dir, serverDist: SERVER_DIST, apis: [], workers: [], stop: () => stopAll() };
  const stopAll = async () => {
    for (const part of [...parts].reverse()) await part.stop().catch(() => undefined);
    for (const part of parts) part.close?.();
    removeLeftovers();
    rmSync(LOCK_FILE, { force: true });
  };
  try {
    createBridge();
    log(`Starting MariaDB and Redis of the cluster (data in ${dir})…`);
    const db = await startClusterMariadb(dir);
    parts.push(db);
    const redis = await startClusterRedis(dir);
    parts.push(redis);
    cluster.db = db;
    cluster.redis = redis;
    cluster.databaseUrl = db.localUrl(DATABASE);

    const sharedEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '0.0.0.0',
      PORT: String(API_PORT),
      DATABASE_URL: db.clusterUrl(DATABASE),
      REDIS_URL: redis.clusterUrl,
      JWT_SECRET: randomBytes(48).toString('base64'),
      TWO_FACTOR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      // The balancer's address as the APIs see it: its X-Forwarded-For is believed, nobody else's.
      TRUST_PROXY: BRIDGE.address,
      WEB_DIST_DIR: path.join(ROOT, 'dist/web'),
      REPORTS_STORAGE: 'local',
      REPORTS_DIR: path.join(dir, 'shared-volume/uploads'),
      ...env,
    };
    mkdirSync(sharedEnv.REPORTS_DIR, { recursive: true });
    const balancerPort = port ?? (await freePort());
    sharedEnv.PUBLIC_URL ??= `http://127.0.0.1:${balancerPort}`;
    cluster.env = sharedEnv;

    log('Migrating the cluster database…');
    const migrated = spawnSync(process.execPath, [path.join(SERVER_DIST, 'database/cli.js'), 'migrate'], {
      cwd: ROOT, env: { ...sharedEnv, DATABASE_URL: cluster.databaseUrl }, encoding: 'utf8',
    });
    if (migrated.status !== 0) throw new Error(`Migrations failed: ${migrated.stderr || migrated.stdout}`);

    const node = (host, main) => {
      const { command, args } = inHost(host, process.execPath, [path.join(SERVER_DIST, main)]);
      return managedProcess({ name: host.name, command, args, cwd: ROOT, env: sharedEnv, logDir: dir });
    };
    for (let i = 1; i <= apis; i++) {
      const host = createHost(`api-${i}`, `10.213.0.${10 + i}`);
      const process_ = node(host, 'main.js');
      const api = { ...host, process: process_, url: `http://${host.address}:${API_PORT}`, stop: () => process_.stop(), close: () => process_.close() };
      api.start = async () => {
        process_.start();
        await waitUntil(async () => (await fetch(`${api.url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok, 60_000, `${host.name} healthy`);
      };
      parts.push(api);
      cluster.apis.push(api);
    }
    for (let i = 1; i <= workers; i++) {
      const host = createHost(`worker-${i}`, `10.213.0.${20 + i}`);
      const process_ = node(host, 'main.worker.js');
      const worker = { ...host, process: process_, start: async () => process_.start(), stop: () => process_.stop(), close: () => process_.close() };
      parts.push(worker);
      cluster.workers.push(worker);
    }
    log(`Starting ${apis} APIs and ${workers} workers…`);
    await Promise.all([...cluster.apis, ...cluster.workers].map((part) => part.start()));
    const balancer = await startBalancer({ root: ROOT, dir, port: balancerPort, upstreams: cluster.apis.map((api) => `${api.address}:${API_PORT}`) });
    parts.push(balancer);
    cluster.balancer = balancer;
    cluster.url = balancer.url;
    return cluster;
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** The demo accounts in the cluster's database (the seed refuses production; this database is a throwaway). */
export function seedDemoAccounts(cluster) {
  const seeded = spawnSync(process.execPath, [path.join(SERVER_DIST, 'database/cli.js'), 'seed'], {
    cwd: ROOT, env: { ...cluster.env, NODE_ENV: 'development', DATABASE_URL: cluster.databaseUrl }, encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`Seeding the demo accounts failed: ${seeded.stderr || seeded.stdout}`);
  return seeded.stdout.split('\n').find((line) => line.startsWith('Demo sign-ins')) ?? '';
}

/** Removes a stopped cluster's folder (logs, data, shared volume). */
export function removeClusterFolder(cluster) {
  rmSync(cluster.dir, { recursive: true, force: true });
}
