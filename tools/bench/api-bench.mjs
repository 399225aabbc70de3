// npm run bench:api [-- --reseed] [--duration 10] [--connections 50] [--log-level warn] [--only <name part>] [--cpu-prof <dir>] [--smoke]
//
// BENCH_API_DIST=<dir> runs another build of the server (a copy of an earlier dist/api) instead of dist/api, for a
// before/after comparison on the same machine: `node tools/bench/api-bench.mjs` with it, without npm's rebuild.
//
// Seeds a separate database (cqa_bench: 100,000 questions, 500,000 answers, 1,000,000 ratings), starts the built API on
// it, drives the question list, the detail and search with autocannon, and runs the very same SQL (imported from the
// built API) through a bare mysql2 pool at the same concurrency, in alternating halves, and prints both side by side.
// The seeded database is reused when complete; --reseed builds it again. --smoke (a step of `npm test`) runs the whole
// bench in seconds on a tiny throwaway database (1,000 questions), only to prove it still runs end to end.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchSignIn } from './bench-sign-in.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(path.resolve(ROOT, process.env.BENCH_API_DIST ?? 'dist/api'), 'apps/api/src');
const require = createRequire(import.meta.url);
const mysql = require('mysql2/promise');
const { hash } = require('argon2');
const { migrate, dropDatabase } = require(path.join(DIST, 'database/database-admin.js'));
/** The first of these files that a build has: a statement keeps its text when it moves, so an older dist (BENCH_API_DIST) compares. */
const requireFirst = (...files) => require(path.join(DIST, files.find((file) => existsSync(path.join(DIST, file))) ?? files[0]));
const { fetchQuestionPage } = require(path.join(DIST, 'modules/questions/question-queries.js'));
// Issue 45 moved the question page's read to answers/views.
const { fetchQuestionDetail } = requireFirst('modules/answers/views/question-detail.js', 'modules/questions/question-queries.js');
const { reindexAllQuestions } = require(path.join(DIST, 'modules/questions/question-search.js'));

const { values: args } = parseArgs({
  options: {
    reseed: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'log-level': { type: 'string', default: 'warn' },
    only: { type: 'string' },
    /** Writes a V8 CPU profile of the API (open it in Chrome DevTools or summarise it with tools/bench/cpu-profile-top.mjs). */
    'cpu-prof': { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const SMOKE = args.smoke;
const DURATION_S = SMOKE ? 0.5 : Number(args.duration);
const CONNECTIONS = SMOKE ? 4 : Number(args.connections);
const WARMUP_S = SMOKE ? 0.2 : 2;

const QUESTIONS = SMOKE ? 1_000 : 100_000;
const ANSWERS = SMOKE ? 3_000 : 500_000;
const RATINGS_PER_ANSWER = 2;
const EXPERTS = 20;
const PATIENTS = 50;
const BENCH_PASSWORD = 'Bench-pass-2026';
const BENCH_EXPERT_EMAIL = 'expert-0@bench.cancer-qa.test';
/** TypeORM's default pool size, which the API runs with; the raw side gets the same. */
const POOL_SIZE = 10;

const serverUrl = new URL(process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/cqa');
serverUrl.pathname = SMOKE ? `/cqa_bench_smoke_${randomBytes(3).toString('hex')}` : '/cqa_bench';
const DATABASE_URL = SMOKE ? serverUrl.toString() : (process.env.BENCH_DATABASE_URL ?? serverUrl.toString());

// ---------------------------------------------------------------------------------------------------------------
// Data: deterministic pseudo-random text from a medical vocabulary, with drug names at Zipf frequencies so that a
// search for one of them is selective (a few hundred questions) while common words match a large share.

function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(20260101);
const pick = (list) => list[Math.floor(random() * list.length)];
const between = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));

const COMMON = `treatment therapy side effects pain fatigue diet exercise doctor oncologist stage tumor scan surgery radiation
  chemotherapy immunotherapy recovery symptoms risk survival trial clinical dose blood test results biopsy remission recurrence nausea
  sleep weight appetite medication supplements vitamin hormone genetic mutation screening diagnosis prognosis options second opinion
  insurance family support anxiety months weeks after before during should could would best safe normal common rare early late
  advanced metastatic local benign malignant cells lymph nodes marker levels protein inflammation infection immune system heart lung
  liver kidney bone brain skin breast prostate colon marrow transplant targeted inhibitor infusion port cycle schedule follow
  monitoring quality life goals palliative care hospice nutrition fasting ketogenic sugar alcohol smoking quit stress mental health
  hair loss neuropathy numbness swelling fever cough breath shortness`.split(/\s+/).filter(Boolean);
const DRUGS = `pembrolizumab nivolumab tamoxifen letrozole anastrozole trastuzumab bevacizumab cisplatin carboplatin paclitaxel docetaxel
  capecitabine olaparib osimertinib durvalumab atezolizumab ipilimumab rituximab imatinib lenalidomide enzalutamide abiraterone
  sunitinib sorafenib cabozantinib venetoclax ibrutinib palbociclib ribociclib abemaciclib`.split(/\s+/).filter(Boolean);
const DRUG_WEIGHTS = DRUGS.map((_, i) => 1 / (i + 1));
const DRUG_TOTAL = DRUG_WEIGHTS.reduce((a, b) => a + b, 0);
const DRUG_MENTION = 0.05;
/** Rank 5 of the Zipf list: about 0.25% of texts mention it. */
const SEARCH_SELECTIVE = DRUGS[4];
const SEARCH_COMMON = 'fatigue';
const CANCER_TYPES = ['Bladder Cancer', 'Brain Cancer', 'Breast Cancer', 'Cervical Cancer', 'Colorectal Cancer', 'Endometrial Cancer',
  'Esophageal Cancer', 'Head & Neck Cancer', 'Hodgkin Lymphoma', 'Kidney Cancer', 'Leukemia', 'Liver Cancer', 'Lung Cancer', 'Melanoma',
  'Non-Hodgkin Lymphoma', 'Non-Melanoma Skin Cancer', 'Pancreatic Cancer', 'Prostate Cancer', 'Stomach Cancer', 'Thyroid Cancer',
  'Uterine Cancer', 'Other'];

function drug() {
  let r = random() * DRUG_TOTAL;
  for (let i = 0; i < DRUGS.length; i++) if ((r -= DRUG_WEIGHTS[i]) <= 0) return DRUGS[i];
  return DRUGS[0];
}
function words(lo, hi) {
  const out = Array.from({ length: between(lo, hi) }, () => pick(COMMON));
  if (random() < DRUG_MENTION) out.splice(between(0, out.length), 0, drug());
  return out.join(' ');
}
const sqlTime = (ms) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

async function insertRows(conn, table, columns, rows) {
  if (rows.length) await conn.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ?`, [rows]);
}

async function seed() {
  console.log(`Seeding ${redact(DATABASE_URL)} (${QUESTIONS} questions, ${ANSWERS} answers, ${ANSWERS * RATINGS_PER_ANSWER} ratings)…`);
  const started = Date.now();
  await dropDatabase(DATABASE_URL);
  await migrate(DATABASE_URL);
  const conn = await mysql.createConnection({ uri: DATABASE_URL, timezone: 'Z', multipleStatements: false });
  try {
    await conn.query('SET unique_checks = 0, foreign_key_checks = 0');
    // The search's term index (in list order) is built once after the load: far faster than maintaining it row by row.
    await conn.query('ALTER TABLE question_search_terms DROP INDEX ix_search_terms_term');

    const passwordHash = await hash(BENCH_PASSWORD, { type: 2 });
    const now = Date.now();
    const experts = Array.from({ length: EXPERTS }, (_, i) => ({ id: uuid(), first: `Expert${i}` }));
    const patientUsers = Array.from({ length: PATIENTS }, () => uuid());
    const patients = patientUsers.map(() => uuid());
    await insertRows(conn, 'users', ['id', 'email', 'password_hash', 'role', 'first_name', 'last_name', 'email_confirmed_at', 'approval_status', 'terms_consent'], [
      ...experts.map((e, i) => [e.id, `expert-${i}@bench.cancer-qa.test`, passwordHash, 'expert', e.first, 'Bench', sqlTime(now), 'approved', 1]),
      ...patientUsers.map((id, i) => [id, `patient-${i}@bench.cancer-qa.test`, passwordHash, 'patient', `Patient${i}`, 'Bench', sqlTime(now), 'approved', 1]),
    ]);
    await insertRows(conn, 'patients', ['id', 'user_id', 'hipaa_consent', 'first_name', 'last_name'],
      patients.map((id, i) => [id, patientUsers[i], 1, `Patient${i}`, 'Bench']));

    // Answers land on random questions (about five each, some none); kinds weighted; the question's counts follow.
    const perQuestion = new Uint16Array(QUESTIONS);
    for (let a = 0; a < ANSWERS; a++) perQuestion[Math.floor(random() * QUESTIONS)]++;
    const kinds = ['ai', 'quora', 'expert', 'deep_research'];
    const kindOf = new Uint8Array(ANSWERS);
    const hasExpert = new Uint8Array(QUESTIONS);
    for (let q = 0, a = 0; q < QUESTIONS; q++) {
      for (let k = 0; k < perQuestion[q]; k++, a++) {
        const r = random();
        kindOf[a] = r < 0.3 ? 0 : r < 0.6 ? 1 : r < 0.85 ? 2 : 3;
        if (kindOf[a] === 2) hasExpert[q] = 1;
      }
    }
    const span = 2 * 365 * 24 * 3600 * 1000;
    const start = now - span;
    const createdAt = (q) => start + Math.floor((q / QUESTIONS) * (span - 40 * 86400_000)) + between(0, 3600_000);

    const BATCH = 2000;
    for (let q0 = 0; q0 < QUESTIONS; q0 += BATCH) {
      const rows = [];
      for (let q = q0; q < Math.min(QUESTIONS, q0 + BATCH); q++) {
        const patient = random() < 0.9 ? between(0, PATIENTS - 1) : -1;
        rows.push([q + 1, `${words(10, 22)}?`, random() < 0.12 ? null : pick(CANCER_TYPES), patient >= 0 ? patientUsers[patient] : null,
          patient >= 0 ? patients[patient] : null, perQuestion[q], hasExpert[q], sqlTime(createdAt(q)), sqlTime(createdAt(q))]);
      }
      await insertRows(conn, 'cancer_questions',
        ['id', 'question_text', 'cancer_type', 'user_id', 'patient_id', 'answers_count', 'has_expert_answer', 'created_at', 'updated_at'], rows);
    }
    console.log(`  questions in ${seconds(started)}`);

    let a = 0;
    let rows = [];
    let ratings = [];
    const flushRatings = async () => {
      await insertRows(conn, 'ratings_feedback', ['answer_id', 'rating', 'feedback', 'patient_id', 'expert_id'], ratings);
      ratings = [];
    };
    for (let q = 0; q < QUESTIONS; q++) {
      for (let k = 0; k < perQuestion[q]; k++, a++) {
        const kind = kinds[kindOf[a]];
        const expert = kind === 'expert' ? experts[a % EXPERTS] : null;
        const at = Math.min(now, createdAt(q) + between(60_000, 30 * 86400_000));
        rows.push([a + 1, q + 1, kind, `${words(25, 45)}.`, expert ? words(8, 16) : null, JSON.stringify([`https://example.org/source/${a}`]),
          expert ? 'PubMed' : null, expert?.first ?? null, expert?.id ?? null, sqlTime(at), sqlTime(at)]);
        // Two ratings per answer: a patient, and an expert who did not write it.
        ratings.push([a + 1, between(1, 5), random() < 0.3 ? words(4, 12) : null, patients[a % PATIENTS], null]);
        ratings.push([a + 1, between(1, 5), random() < 0.3 ? words(4, 12) : null, null, experts[(a + 1) % EXPERTS].id]);
        if (rows.length === BATCH) {
          await insertRows(conn, 'cancer_answers', ['id', 'question_id', 'answer_type', 'answer_text', 'explanation_logic', 'sources',
            'search_method', 'expert_name', 'expert_id', 'created_at', 'updated_at'], rows);
          rows = [];
        }
        if (ratings.length >= 5000) await flushRatings();
      }
    }
    await insertRows(conn, 'cancer_answers', ['id', 'question_id', 'answer_type', 'answer_text', 'explanation_logic', 'sources',
      'search_method', 'expert_name', 'expert_id', 'created_at', 'updated_at'], rows);
    await flushRatings();
    console.log(`  answers and ratings in ${seconds(started)}`);

    // The API's own indexing code, as the migration runs it on existing data.
    await reindexAllQuestions(async (sql, params) => (await conn.query(sql, params))[0], 1000);
    await conn.query('ALTER TABLE question_search_terms ADD INDEX ix_search_terms_term (term, created_at DESC, question_id DESC)');
    await conn.query('ANALYZE TABLE cancer_questions, cancer_answers, ratings_feedback, question_search_terms');
    console.log(`  search terms and statistics in ${seconds(started)}`);
  } finally {
    await conn.end();
  }
}

async function seededAlready() {
  await migrate(DATABASE_URL);
  const conn = await mysql.createConnection({ uri: DATABASE_URL });
  try {
    const [[row]] = await conn.query(`SELECT (SELECT COUNT(*) FROM cancer_questions) AS q, (SELECT COUNT(*) FROM cancer_answers) AS a,
      (SELECT COUNT(*) FROM ratings_feedback) AS r,
      (SELECT COUNT(*) FROM question_search_terms WHERE question_id = ?) AS terms,
      (SELECT COUNT(*) FROM users WHERE email = ?) AS bench`, [QUESTIONS, BENCH_EXPERT_EMAIL]);
    return Number(row.q) === QUESTIONS && Number(row.a) === ANSWERS && Number(row.r) === ANSWERS * RATINGS_PER_ANSWER && Number(row.terms) > 0 && Number(row.bench) === 1;
  } finally {
    await conn.end();
  }
}

async function databaseContext() {
  const conn = await mysql.createConnection({ uri: DATABASE_URL });
  try {
    const [[row]] = await conn.query(`SELECT @@innodb_buffer_pool_size / 1048576 AS pool,
      (SELECT SUM(data_length + index_length) / 1048576 FROM information_schema.tables
        WHERE table_schema = DATABASE() AND table_name IN ('cancer_questions', 'cancer_answers', 'ratings_feedback', 'question_search_terms')) AS data`);
    return { bufferPoolMb: Math.round(Number(row.pool)), dataMb: Math.round(Number(row.data)) };
  } finally {
    await conn.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Load: autocannon against the API, then the same statements on a bare pool.

const page = (extra) => ({ filter: 'all', cancerType: null, search: null, page: 1, perPage: 10, ...extra });
/** raw: the API's own statements (fetchQuestionPage and fetchQuestionDetail from the build) on the bare pool. */
const SCENARIOS = [
  { name: 'list page 1', path: () => '/api/questions?page=1', raw: (run) => fetchQuestionPage(run, page({})) },
  {
    name: 'list answered + Breast Cancer', path: () => '/api/questions?filter=answered&cancer_type=Breast%20Cancer&page=1',
    raw: (run) => fetchQuestionPage(run, page({ filter: 'answered', cancerType: 'Breast Cancer' })),
  },
  { name: 'list page 500', path: () => '/api/questions?page=500', raw: (run) => fetchQuestionPage(run, page({ page: 500 })) },
  {
    name: 'detail (random question)', path: (id) => `/api/questions/${id}`,
    raw: (run, id, viewer) => fetchQuestionDetail(run, id, viewer),
  },
  { name: `search "${SEARCH_SELECTIVE}"`, path: () => `/api/questions?q=${SEARCH_SELECTIVE}`, raw: (run) => fetchQuestionPage(run, page({ search: SEARCH_SELECTIVE })) },
  {
    name: `search "${SEARCH_COMMON}" (common word)`, path: () => `/api/questions?q=${SEARCH_COMMON}`,
    raw: (run) => fetchQuestionPage(run, page({ search: SEARCH_COMMON })),
  },
];
const randomQuestion = () => 1 + Math.floor(Math.random() * QUESTIONS);

async function driveApi(baseUrl, token, scenario, duration) {
  const result = await autocannon({
    url: baseUrl, connections: CONNECTIONS, duration,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: scenario.path(randomQuestion()) }) }],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} time-outs`);
  return { rps: result.requests.total / duration, p99: result.latency.p99, p50: result.latency.p50 };
}

async function driveRaw(pool, viewer, scenario, duration) {
  const run = async (sql, params) => (await pool.query(sql, params))[0];
  const latencies = [];
  const deadline = performance.now() + duration * 1000;
  let done = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      await scenario.raw(run, randomQuestion(), viewer);
      latencies.push(performance.now() - t0);
      done++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  latencies.sort((x, y) => x - y);
  return { rps: done / duration, p99: latencies[Math.floor(latencies.length * 0.99)], p50: latencies[Math.floor(latencies.length * 0.5)] };
}

/** Two equal halves: mean throughput and median, the worse p99. */
const combine = ([a, b]) => ({ rps: (a.rps + b.rps) / 2, p50: (a.p50 + b.p50) / 2, p99: Math.max(a.p99, b.p99) });

// ---------------------------------------------------------------------------------------------------------------

const uuid = () => {
  const b = randomBytes(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
function redact(url) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

async function startApi() {
  const port = await freePort();
  const profile = args['cpu-prof']
    ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(args['cpu-prof']), '--require', path.join(ROOT, 'tools/bench/exit-on-sigterm.cjs')]
    : [];
  const child = spawn(process.execPath, [...profile, path.join(DIST, 'main.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL, QUEUE_PREFIX: SMOKE ? 'cqa_bench_smoke' : 'cqa_bench',
      LOG_LEVEL: args['log-level'], JWT_SECRET: randomBytes(48).toString('base64'), TWO_FACTOR_ENCRYPTION_KEY: randomBytes(32).toString('base64'), ACCESS_TOKEN_TTL_SECONDS: '3600',
      AUTH_RATE_LIMIT_PER_IP: '1000',
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { child, baseUrl };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the API did not become healthy in 60 s');
}

/**
 * Experts must have a second factor (TWO_FACTOR_REQUIRED_FOR_EXPERTS): the bench expert enrols at sign-in. Each run
 * starts the API with a new TWO_FACTOR_ENCRYPTION_KEY, so an authenticator of an earlier run on the reused database
 * is unreadable: it is removed first (this database is the bench's own).
 */
async function signIn(baseUrl) {
  const conn = await mysql.createConnection({ uri: DATABASE_URL });
  try {
    await conn.query('DELETE t FROM user_two_factor t JOIN users u ON u.id = t.user_id WHERE u.email = ?', [BENCH_EXPERT_EMAIL]);
    await conn.query('DELETE r FROM two_factor_recovery_codes r JOIN users u ON u.id = r.user_id WHERE u.email = ?', [BENCH_EXPERT_EMAIL]);
  } finally {
    await conn.end();
  }
  const body = await benchSignIn({ baseUrl, dist: DIST, email: BENCH_EXPERT_EMAIL, password: BENCH_PASSWORD, role: 'expert' });
  return { token: body.accessToken, userId: body.user.id };
}

function table(rows) {
  const header = ['endpoint', 'API req/s', 'API p50 ms', 'API p99 ms', 'raw req/s', 'raw p50 ms', 'raw p99 ms', 'API/raw'];
  const cells = rows.map((r) => [r.name, r.api.rps.toFixed(0), r.api.p50.toFixed(1), r.api.p99.toFixed(1), r.raw.rps.toFixed(0),
    r.raw.p50.toFixed(1), r.raw.p99.toFixed(1), (r.api.rps / r.raw.rps).toFixed(2)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => `| ${c.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i === 0 ? ` ${'-'.repeat(w)} ` : ` ${'-'.repeat(w - 1)}: `)).join('|')}|`, ...cells.map(line)].join('\n');
}

async function main() {
  try {
    await bench();
  } finally {
    if (SMOKE) await dropDatabase(DATABASE_URL);
  }
}

async function bench() {
  if (SMOKE || args.reseed || !(await seededAlready())) await seed();
  else console.log(`Reusing the seeded ${redact(DATABASE_URL)} (--reseed to rebuild it).`);

  const context = await databaseContext();
  const load = [loadavg()[0]];
  const { child, baseUrl } = await startApi();
  const pool = mysql.createPool({ uri: DATABASE_URL, connectionLimit: POOL_SIZE, timezone: 'Z', supportBigNumbers: true, bigNumberStrings: true });
  const results = [];
  try {
    const { token, userId } = await signIn(baseUrl);
    const viewer = { role: 'expert', userId };
    const scenarios = args.only ? SCENARIOS.filter((s) => s.name.includes(args.only)) : SCENARIOS;
    for (const scenario of scenarios) {
      process.stdout.write(`${scenario.name}: warm-up…`);
      await driveApi(baseUrl, token, scenario, WARMUP_S);
      await driveRaw(pool, viewer, scenario, WARMUP_S);
      // API and raw take turns, so that other load on the machine weighs on both alike.
      const halves = { api: [], raw: [] };
      for (let turn = 0; turn < 2; turn++) {
        process.stdout.write(' API…');
        halves.api.push(await driveApi(baseUrl, token, scenario, DURATION_S / 2));
        process.stdout.write(' raw…');
        halves.raw.push(await driveRaw(pool, viewer, scenario, DURATION_S / 2));
      }
      const api = combine(halves.api);
      const raw = combine(halves.raw);
      console.log(` ${api.rps.toFixed(0)} vs ${raw.rps.toFixed(0)} req/s`);
      results.push({ name: scenario.name, api, raw });
    }
  } finally {
    await pool.end();
    child.kill('SIGTERM');
    await once(child, 'exit');
    load.push(loadavg()[0]);
  }
  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each (two alternating halves, p99 the worse half) after ${WARMUP_S} s warm-up; API log level ${args['log-level']}; ` +
    `raw = the same SQL on a mysql2 pool of ${POOL_SIZE} (the API's pool size).`);
  console.log(`${availableParallelism()} CPUs, load average ${load.map((l) => l.toFixed(1)).join(' → ')} (other processes share the machine); ` +
    `InnoDB buffer pool ${context.bufferPoolMb} MB for ${context.dataMb} MB of question, answer, rating and search-term tables.\n`);
  console.log(table(results));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
