// An API stopped under load: SIGTERM (it drains: no request fails) and SIGKILL (the balancer passes the failed GETs to
// the other API; no POST is applied twice), each followed by a restart and the API rejoining the rotation.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from '../http-client.mjs';
import { DEMO, signIn } from './replicas.mjs';

const require = createRequire(import.meta.url);
const TYPES = ['Breast Cancer', 'Lung Cancer', 'Prostate Cancer'];
const MAX_REQUESTS_PER_CLIENT = 5_000;
const MAX_LOAD_MS = 90_000;
const PRE_STOP_MS = 2_000;
/** Requests the restarted API must answer before the load stops (proof it rejoined the rotation). */
const REJOIN_ANSWERS = 20;

/**
 * `clients` loops of the bench:load mix (per ten requests: 4 lists, 4 details, 1 search, 1 new question) until
 * `durationMs` has passed or each has sent MAX_REQUESTS_PER_CLIENT. Each question's text carries a unique tag, so a
 * POST applied twice shows in the database.
 */
async function mixedLoad(cluster, { clients, durationMs, token, questionIds, tag, until, results, onResult }) {
  const deadline = Date.now() + durationMs;
  const hardDeadline = Date.now() + MAX_LOAD_MS;
  // Bounded: at least durationMs, then until `until()` holds (the stopped API back in rotation), never past MAX_LOAD_MS.
  const goOn = () => Date.now() < hardDeadline && (Date.now() < deadline || !until());
  const headers = { authorization: `Bearer ${token}` };
  const client = async (c) => {
    for (let n = 0; n < MAX_REQUESTS_PER_CLIENT && goOn(); n++) {
      const kind = n % 10;
      const step =
        kind < 4 ? { path: `/api/questions?page=${1 + (n % 3)}` }
        : kind < 8 ? { path: `/api/questions/${questionIds[n % questionIds.length]}` }
        : kind === 8 ? { path: '/api/questions?q=fatigue' }
        : { method: 'POST', path: '/api/questions', body: { question_text: `Cluster load question ${tag}-${c}-${n}: does fatigue change with sleep?`, cancer_type: TYPES[n % TYPES.length] } };
      const result = { at: Date.now(), ...(await request(cluster.url, { ...step, headers, localAddress: '127.0.3.1', timeoutMs: 20_000 })) };
      results.push(result);
      onResult(result);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
  return results;
}

async function duplicatedQuestions(cluster, tag) {
  const mysql = require('mysql2/promise');
  const db = await mysql.createConnection(cluster.databaseUrl);
  try {
    const [rows] = await db.query('SELECT question_text, COUNT(*) AS copies FROM cancer_questions WHERE question_text LIKE ? GROUP BY question_text HAVING COUNT(*) > 1', [`Cluster load question ${tag}-%`]);
    const [[{ total }]] = await db.query('SELECT COUNT(*) AS total FROM cancer_questions WHERE question_text LIKE ?', [`Cluster load question ${tag}-%`]);
    return { duplicated: rows.length, stored: Number(total) };
  } finally {
    await db.end();
  }
}

async function setUp(cluster) {
  const { token } = await signIn(cluster, { email: DEMO.patient, role: 'patient', localAddress: '127.0.3.2' });
  const questionIds = [];
  for (let i = 0; i < 5; i++) {
    const created = await request(cluster.url, { method: 'POST', path: '/api/questions', headers: { authorization: `Bearer ${token}` }, body: { question_text: `Cluster detail question ${i}: is walking safe during chemotherapy?`, cancer_type: TYPES[0] }, localAddress: '127.0.3.2' });
    if (created.status !== 201) throw new Error(`creating a question answered ${created.status}: ${created.body}`);
    questionIds.push(created.json.id);
  }
  return { token, questionIds };
}

/** Load for `durationMs`; at a third of it `signal` goes to the API, which is restarted once it has exited. */
async function stopUnderLoad(cluster, { api, signal, durationMs, clients, token, questionIds }) {
  const tag = `${signal}-${randomBytes(3).toString('hex')}`;
  let rejoinedAt = Infinity;
  const results = [];
  let answeredAfterRejoin = 0;
  const onResult = (r) => { if (r.at > rejoinedAt && r.upstream === `${api.address}:8080`) answeredAfterRejoin++; };
  const load = mixedLoad(cluster, { clients, durationMs, token, questionIds, tag, until: () => answeredAfterRejoin >= REJOIN_ANSWERS, results, onResult });
  await sleep(durationMs / 3);
  const upstream = `${api.address}:8080`;
  // A planned stop: out of rotation first, then the signal after a moment, as Kubernetes does (endpoint removal and the
  // pod's 5 s preStop). A crash gets no warning.
  if (signal === 'SIGTERM') {
    await cluster.balancer.remove(upstream);
    await sleep(PRE_STOP_MS);
  }
  const signalledAt = Date.now();
  await api.process.signal(signal);
  const exitedAfterMs = Date.now() - signalledAt;
  await api.start();
  await cluster.balancer.add(upstream);
  rejoinedAt = Date.now();
  await load;
  const { duplicated, stored } = await duplicatedQuestions(cluster, tag);
  const failed = results.filter((r) => r.status === 0 || r.status >= 500);
  const posts = results.filter((r) => r.method === 'POST');
  return {
    tag, results, failed, exitedAfterMs, duplicated, stored, answeredAfterRejoin,
    failedGets: failed.filter((r) => r.method === 'GET').length,
    failedPosts: failed.filter((r) => r.method === 'POST').length,
    createdPosts: posts.filter((r) => r.status === 201).length,
  };
}

/** Requests per second over the load's span (reported, not targeted: two APIs share this machine's cores with the rest). */
const throughput = (results) => {
  const span = (Math.max(...results.map((r) => r.at + r.ms)) - Math.min(...results.map((r) => r.at))) / 1000;
  return span > 0 ? Math.round(results.length / span) : 0;
};

export async function apiFaults(cluster, { durationMs = 20_000, clients = 12 } = {}) {
  const { token, questionIds } = await setUp(cluster);
  const rows = [];
  const term = await stopUnderLoad(cluster, { api: cluster.apis[0], signal: 'SIGTERM', durationMs, clients, token, questionIds });
  rows.push({
    check: `API SIGTERM under load (${clients} clients, ${durationMs / 1000} s, ${term.results.length} requests)`,
    figure: `${term.failed.length} failed; ${throughput(term.results)} req/s through both APIs; drained and exited in ${(term.exitedAfterMs / 1000).toFixed(1)} s; ${term.answeredAfterRejoin} answered after it rejoined`,
    target: '0 failed; rejoins',
    pass: term.failed.length === 0 && term.answeredAfterRejoin > 0,
  });
  const kill = await stopUnderLoad(cluster, { api: cluster.apis[1], signal: 'SIGKILL', durationMs, clients, token, questionIds });
  rows.push({
    check: `API SIGKILL under load (${clients} clients, ${durationMs / 1000} s, ${kill.results.length} requests)`,
    figure: `${kill.failedGets} failed GETs; ${throughput(kill.results)} req/s; ${kill.failedPosts} POSTs failed in flight; ${kill.duplicated} questions stored twice (${kill.stored} stored for ${kill.createdPosts} answered 201); ${kill.answeredAfterRejoin} answered after it rejoined`,
    target: '0 failed GETs, 0 duplicated POSTs; rejoins',
    pass: kill.failedGets === 0 && kill.duplicated === 0 && kill.stored >= kill.createdPosts && kill.answeredAfterRejoin > 0,
  });
  return rows;
}
