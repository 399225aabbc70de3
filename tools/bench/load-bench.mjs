// npm run bench:load [-- --hostile 40] [--duration 60] [--connections 50] [--soak] [--skip-hostile] [--smoke]
//
// Mixed load (tools/bench/load-mix.mjs): autocannon against the built API, 50 connections for 60 s on list, detail,
// search, rating and question creation by accounts made for the bench; `--soak` runs 10 minutes and prints the API's
// RSS and heap every 30 s.
//
// Hostile bodies: what an over-wide or over-deep JSON body costs the built API, and whether /api/health stays fast
// while such bodies arrive. Each body is sent from its own client address (TRUST_PROXY on) so the per-IP throttle,
// which would refuse them even earlier, does not hide the body checks. Local processes only; bounded in count.
//
// --smoke (a step of `npm test`): 2 hostile bodies of each kind, 2 s of mixed load on 4 connections over 20 questions,
// in a throwaway database: only proves the bench still runs end to end.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { mixedLoad } from './load-mix.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'dist/api/apps/api/src');
const require = createRequire(import.meta.url);
const { migrate, dropDatabase } = require(path.join(DIST, 'database/database-admin.js'));
const { measureJson } = require(path.join(DIST, 'common/http/json-body.js'));

const { values: args } = parseArgs({ options: {
  hostile: { type: 'string', default: '40' },
  duration: { type: 'string', default: '60' },
  connections: { type: 'string', default: '50' },
  soak: { type: 'boolean', default: false },
  'skip-hostile': { type: 'boolean', default: false },
  smoke: { type: 'boolean', default: false },
} });
const SMOKE = args.smoke;
const HOSTILE = SMOKE ? 2 : Number(args.hostile);
const serverUrl = new URL(process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/cqa');
serverUrl.pathname = SMOKE ? `/cqa_bench_load_smoke_${randomBytes(3).toString('hex')}` : '/cqa_bench_load';
const DATABASE_URL = SMOKE ? serverUrl.toString() : (process.env.BENCH_DATABASE_URL ?? serverUrl.toString());

const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 80_000 }, (_, i) => [`k${i}`, 1])));
const deep = '['.repeat(10_000) + ']'.repeat(10_000);
const deepSmall = '['.repeat(5_000) + ']'.repeat(5_000);
const ip = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const ms = (value) => `${value.toFixed(2)} ms`;

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

const metricsPort = await freePort();

async function startApi() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(DIST, 'main.js')], {
    cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL, QUEUE_PREFIX: SMOKE ? 'cqa_bench_load_smoke' : 'cqa_bench_load',
      LOG_LEVEL: 'warn', JWT_SECRET: randomBytes(48).toString('base64'), TRUST_PROXY: 'true', TWO_FACTOR_ENCRYPTION_KEY: randomBytes(32).toString('base64'), METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1', AI_AUTO_ANSWER: 'false', ACCESS_TOKEN_TTL_SECONDS: '3600',
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try { if ((await fetch(`${baseUrl}/api/health`)).status < 600) return { child, baseUrl }; } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the API did not start in 60 s');
}

async function timed(fn) {
  const started = performance.now();
  const result = await fn();
  return { result, ms: performance.now() - started };
}

const health = (baseUrl) => timed(() => fetch(`${baseUrl}/api/health`).then((r) => r.text()));
const send = (baseUrl, route, body) => timed(async () => {
  const res = await fetch(`${baseUrl}${route}`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-forwarded-for': ip() } });
  await res.text();
  return res.status;
});

await migrate(DATABASE_URL);
const { child, baseUrl } = await startApi();
try {
  if (!args['skip-hostile']) await hostileBodies(baseUrl);
  const mixed = await mixedLoad({
    baseUrl, databaseUrl: DATABASE_URL, dist: DIST, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    ...(SMOKE
      ? { connections: 4, durationSeconds: 2, soak: false, questions: 20, answered: 6 }
      : { connections: Number(args.connections), durationSeconds: Number(args.duration), soak: args.soak }),
  });
  if (SMOKE && mixed.errors + mixed.timeouts + mixed.non2xx > 0) throw new Error('the smoke run saw failed requests (see above)');
} finally {
  child.kill('SIGTERM');
  await once(child, 'exit');
  if (SMOKE) await dropDatabase(DATABASE_URL);
}

async function hostileBodies(baseUrl) {
  const scan = await timed(async () => { for (let i = 0; i < 20; i++) measureJson(wide); });
  const baseline = [];
  for (let i = 0; i < 30; i++) baseline.push((await health(baseUrl)).ms);

  const rows = [];
  for (const [label, route, body] of [
    ['80,000 keys, 848 KB → /api/auth/login (over the 16 KB limit)', '/api/auth/login', wide],
    ['nested 10,000 deep, 20 KB → /api/auth/login (over the size limit)', '/api/auth/login', deep],
    ['nested 5,000 deep, 10 KB → /api/auth/login (within the size limit)', '/api/auth/login', deepSmall],
  ]) {
    const times = [];
    const statuses = new Set();
    const during = [];
    for (let i = 0; i < HOSTILE; i++) {
      const [hostile, probe] = await Promise.all([send(baseUrl, route, body), health(baseUrl)]);
      times.push(hostile.ms);
      statuses.add(hostile.result);
      during.push(probe.ms);
    }
    rows.push({ label, statuses: [...statuses].join(','), p50: percentile(times, 50), p99: percentile(times, 99), healthP99: percentile(during, 99) });
  }

  console.log(`\nHostile JSON bodies against the built API (${HOSTILE} each, with a /api/health probe alongside each)`);
  console.log(`  scan of an 848 KB, 80,000-key body in-process: ${ms(scan.ms / 20)} per body`);
  console.log(`  /api/health alone: p50 ${ms(percentile(baseline, 50))}, p99 ${ms(percentile(baseline, 99))}`);
  for (const row of rows) {
    console.log(`  ${row.label}: answered ${row.statuses}; round trip p50 ${ms(row.p50)}, p99 ${ms(row.p99)}; /api/health alongside p99 ${ms(row.healthP99)}`);
  }
}
