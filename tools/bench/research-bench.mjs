// npm run bench:research [-- --runs 2] [--delay 100] [--smoke]
//
// One deep research run end to end against the fake AI and the literature fixture server (both in-process, port 0):
// the built API's Nest app (no HTTP), its worker, a throwaway database and queue prefix. Prints the wall time and the
// model calls per stage (from the fake's per-schema counts), once straight through and once with the worker stopped
// in the middle of extraction and a new one started. --delay holds each fake model reply (ms) to look like a model.
// --smoke (a step of `npm test`): one run each way with no delay, only to prove the bench still runs end to end.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startFakeAi } from '../fake-ai/fake-ai-server.ts';
import { startFixtureServer } from '../literature-fixtures/fixture-server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
process.chdir(ROOT);
const DIST = path.join(ROOT, 'dist/api/apps/api/src');
const require = createRequire(import.meta.url);
const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, delay: { type: 'string', default: '100' }, smoke: { type: 'boolean', default: false } },
});
if (args.smoke) Object.assign(args, { runs: '1', delay: '0' });

const QUESTION = 'Does exercise help fatigue during chemotherapy for breast cancer?';
const STAGES = { research_plan: 'plan', research_screening: 'screen', research_extraction: 'extract', research_report: 'report' };

const fakeAi = await startFakeAi({ port: 0, delayMs: Number(args.delay) });
const fixtures = await startFixtureServer({ port: 0 });
const tag = randomBytes(3).toString('hex');
const db = new URL(process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/cqa');
db.pathname = `/cqa_bench_research_${tag}`;
Object.assign(process.env, {
  NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: db.toString(), QUEUE_PREFIX: `cqa_bench_research_${tag}`,
  AI_BASE_URL: fakeAi.url, AI_API_KEY: 'fake', AI_MODEL: 'fake-model', AI_MODEL_FAST: 'fake-model-fast',
  NCBI_EUTILS_BASE_URL: fixtures.baseUrls.eutils, EUROPEPMC_BASE_URL: fixtures.baseUrls.europepmc,
  CTGOV_BASE_URL: fixtures.baseUrls.ctgov, CROSSREF_BASE_URL: fixtures.baseUrls.crossref,
  RESEARCH_RECHECK_CRON: '', RESEARCH_PLAN_REVIEW: 'false', WORKER_CONCURRENCY: '2',
});

const { migrate, dropDatabase } = require(path.join(DIST, 'database/database-admin.js'));
const { loadConfig } = require(path.join(DIST, 'config/app-config.js'));
const { createApiApp } = require(path.join(DIST, 'create-api-app.js'));
const { createWorker } = require(path.join(DIST, 'worker/create-worker.js'));
const { ResearchService } = require(path.join(DIST, 'modules/answers/research/research.service.js'));
const { ResearchRepository } = require(path.join(DIST, 'modules/answers/research/research.repository.js'));

await migrate(db.toString());
const config = loadConfig(process.env);
const api = await createApiApp(config);
await api.app.init();
const service = api.app.get(ResearchService);
const repo = api.app.get(ResearchRepository);
const { DataSource } = require('typeorm');
const ds = api.app.get(DataSource);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function oneRun(restart) {
  const before = fakeAi.stats().bySchema;
  const inserted = await ds.query('INSERT INTO cancer_questions (question_text, cancer_type) VALUES (?, ?)', [QUESTION, 'Breast Cancer']);
  const started = Date.now();
  let worker = await createWorker(loadConfig(process.env, 'worker'));
  const run = await service.start(null, Number(inserted.insertId));
  let restarted = false;
  for (;;) {
    const row = await repo.run(run.id);
    if (['completed', 'failed', 'cancelled'].includes(row.status)) break;
    if (restart && !restarted) {
      const steps = await repo.steps(run.id);
      const extract = steps.filter((s) => s.stage === 'extract');
      if (extract.some((s) => s.status === 'done') && extract.some((s) => s.status !== 'done')) {
        await worker.close();
        worker = await createWorker(loadConfig(process.env, 'worker'));
        restarted = true;
      }
    }
    await sleep(50);
  }
  const ms = Date.now() - started;
  await worker.close();
  const after = fakeAi.stats().bySchema;
  const calls = Object.fromEntries(Object.entries(STAGES).map(([schema, stage]) => [stage, (after[schema] ?? 0) - (before[schema] ?? 0)]));
  const row = await repo.run(run.id);
  return { status: row.status, ms, calls, restarted };
}

try {
  console.log(`Deep research bench: fake model delay ${args.delay} ms, ${args.runs} run(s) each way`);
  for (const restart of [false, true]) {
    for (let i = 0; i < Number(args.runs); i++) {
      const r = await oneRun(restart);
      const total = Object.values(r.calls).reduce((a, b) => a + b, 0);
      if (args.smoke && r.status !== 'completed') process.exitCode = 1;
      console.log(
        `${restart ? 'with worker restart   ' : 'straight through      '} ${r.status.padEnd(9)} wall ${String(r.ms).padStart(6)} ms  model calls ${total} ` +
          `(${Object.entries(r.calls).map(([s, n]) => `${s} ${n}`).join(', ')})${restart && !r.restarted ? ' [finished before a restart could happen]' : ''}`,
      );
    }
  }
} finally {
  await api.app.close();
  await fakeAi.close();
  await fixtures.close();
  await dropDatabase(db.toString());
}
