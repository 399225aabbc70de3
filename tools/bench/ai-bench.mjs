// npm run bench:ai [-- --answers 10] [--concurrency 1] [--log-level warn] [--smoke]
//
// The AI answer pipeline against the fakes: the fake OpenAI-compatible server and one literature fixture server per
// API (so each API is its own host for the per-host limiter, as in production). Starts the built API and worker on a
// throwaway database, asks N admin-created questions (the one the fixtures hold) for an AI answer each, waits for every
// run and prints the time per answer split by stage (retrieval, model, verification, publish, from the run rows),
// the end-to-end time seen by the client (queueing included) and the overhead beyond the model. It signs in as the demo
// admin the way the product requires (enrolling the second factor at sign-in). --smoke (a step of `npm test`): one
// answer after the warm-up, only to prove the bench still runs end to end.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchSignIn } from './bench-sign-in.mjs';
import { startFakeAi } from '../fake-ai/fake-ai-server.ts';
import { startFixtureServer } from '../literature-fixtures/fixture-server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'dist/api/apps/api/src');
const require = createRequire(import.meta.url);
const { migrate, dropDatabase } = require(path.join(DIST, 'database/database-admin.js'));
const { DEMO_PASSWORD } = require(path.join(DIST, 'database/seed/demo-accounts.js'));

const { values: args } = parseArgs({
  options: {
    answers: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '1' },
    'log-level': { type: 'string', default: 'warn' },
    smoke: { type: 'boolean', default: false },
  },
});
const ANSWERS = args.smoke ? 1 : Number(args.answers);
const CONCURRENCY = args.smoke ? 1 : Number(args.concurrency);
const QUESTION = 'Does exercise help with fatigue during chemotherapy?';

const freePort = () => new Promise((resolve) => {
  const server = createServer();
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const dbUrl = new URL(process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/cqa');
dbUrl.pathname = `/cqa_bench_ai_${runId}`;

const fakeAi = await startFakeAi({ port: 0 });
const fixtures = {};
for (const api of ['eutils', 'europepmc', 'ctgov', 'crossref']) fixtures[api] = await startFixtureServer({ dir: path.join(ROOT, 'tools/literature-fixtures/fixtures') });
const port = await freePort();
const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: dbUrl.toString(),
  QUEUE_PREFIX: `cqa_bench_ai_${runId}`,
  LOG_LEVEL: args['log-level'],
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
  AI_BASE_URL: fakeAi.url,
  AI_API_KEY: 'fake',
  AI_MODEL: 'fake-model',
  AI_DAILY_LIMIT_PER_USER: '1000000',
  AI_DAILY_LIMIT_GLOBAL: '1000000',
  NCBI_EUTILS_BASE_URL: fixtures.eutils.baseUrls.eutils,
  EUROPEPMC_BASE_URL: fixtures.europepmc.baseUrls.europepmc,
  CTGOV_BASE_URL: fixtures.ctgov.baseUrls.ctgov,
  CROSSREF_BASE_URL: fixtures.crossref.baseUrls.crossref,
  NCBI_EMAIL: 'bench@example.test',
};

const children = [];
async function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  await fakeAi.close();
  for (const server of Object.values(fixtures)) await server.close();
  await dropDatabase(dbUrl.toString()).catch(() => undefined);
}

try {
  await migrate(dbUrl.toString());
  const seeded = spawn('node', [path.join(DIST, 'database/cli.js'), 'seed'], { cwd: ROOT, env, stdio: 'ignore' });
  await new Promise((resolve) => seeded.once('exit', resolve));
  for (const main of ['main.js', 'main.worker.js']) children.push(spawn('node', [path.join(DIST, main)], { cwd: ROOT, env, stdio: 'inherit' }));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (i > 300) throw new Error('the API did not start');
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await benchSignIn({ baseUrl: base, dist: DIST, email: 'admin@demo.cancer-qa.test', password: DEMO_PASSWORD, role: 'admin' });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${login.accessToken}` };
  const api = async (method, p, body) => {
    const res = await fetch(`${base}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${json.message}`);
    return json;
  };

  // One warm-up answer (connections, JIT), not counted.
  const oneAnswer = async () => {
    const { id } = await api('POST', '/api/questions', { question_text: QUESTION, cancer_type: 'Breast Cancer' });
    const started = performance.now();
    const run = await api('POST', `/api/questions/${id}/ai-answer`, {});
    for (;;) {
      const { run: now } = await api('GET', `/api/questions/${id}/ai-run`);
      if (now.status === 'succeeded' || now.status === 'failed') {
        if (now.status === 'failed') throw new Error(`run ${now.id} failed: ${now.error}`);
        return { runId: run.id, clientMs: performance.now() - started };
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await oneAnswer();
  const results = [];
  const wallStart = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < ANSWERS) {
      next++;
      results.push(await oneAnswer());
    }
  }));
  const wallMs = performance.now() - wallStart;
  const { items } = await api('GET', `/api/admin/ai-runs?page=1&per_page=100`);
  const byId = new Map(items.map((r) => [r.id, r]));
  const rows = results.map((r) => ({ ...byId.get(r.runId).timings, client: r.clientMs }));

  const stat = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return { mean: values.reduce((a, b) => a + b, 0) / values.length, p50: at(0.5), p95: at(0.95) };
  };
  const fmt = (n) => n.toFixed(1).padStart(9);
  const stages = [
    ['retrieval', 'retrieval (search 3 sources, store records)'],
    ['model', 'model (one structured call to the fake)'],
    ['verification', 'verification (retractions, id checks, verifier)'],
    ['publish', 'publish (one transaction)'],
    ['total', 'pipeline total (in the worker)'],
    ['client', 'end to end (client: request → published)'],
  ];
  console.log(`\nAI answer pipeline: ${ANSWERS} answers, concurrency ${CONCURRENCY}, fake provider and literature fixtures (ms)\n`);
  console.log(`${'stage'.padEnd(50)}${'mean'.padStart(9)}${'p50'.padStart(9)}${'p95'.padStart(9)}`);
  const totals = {};
  for (const [key, label] of stages) {
    const s = stat(rows.map((r) => r[key]));
    totals[key] = s;
    console.log(`${label.padEnd(50)}${fmt(s.mean)}${fmt(s.p50)}${fmt(s.p95)}`);
  }
  const overhead = totals.client.mean - totals.model.mean;
  console.log(`\nOverhead beyond the model call: ${overhead.toFixed(1)} ms per answer (${((overhead / totals.client.mean) * 100).toFixed(0)}% of end to end);`);
  console.log(`queueing and polling (client − pipeline): ${(totals.client.mean - totals.total.mean).toFixed(1)} ms; throughput ${(ANSWERS / (wallMs / 1000)).toFixed(2)} answers/s.`);
  console.log('Retrieval includes the per-host rate limits (ClinicalTrials.gov 50/min, NCBI 3/s without a key), which a real provider call dwarfs.');
} finally {
  await cleanUp();
}
