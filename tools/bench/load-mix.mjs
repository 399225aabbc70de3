// The mixed-load part of `npm run bench:load`: seeds accounts, questions and answers made for the bench, then drives
// the built API with autocannon (list, detail, search, rating, question creation) and prints what it measured.
import autocannon from 'autocannon';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { benchSignIn } from './bench-sign-in.mjs';

const require = createRequire(import.meta.url);
const PASSWORD = 'Bench-load-pass-2026';
const QUESTIONS = 200;
const ANSWERED = 60;
const WORDS = ['fatigue', 'nausea', 'exercise', 'sleep', 'diet', 'pain', 'scan', 'dose', 'radiation', 'recovery'];
const TYPES = ['Breast Cancer', 'Lung Cancer', 'Prostate Cancer', 'Colorectal Cancer'];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const ip = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

async function api(baseUrl, method, path, { token, body } = {}) {
  const headers = { 'x-forwarded-for': ip() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Accounts for the bench only (approved and verified), made straight in the bench database; signed in once each, the
 * expert enrolling its second factor at sign-in as the product requires (an authenticator left by an earlier run, sealed
 * with that run's key, is removed first: the database is the bench's own).
 */
async function seed(baseUrl, databaseUrl, dist, { questions, answered }) {
  const mysql = require('mysql2/promise');
  const { hash } = require('argon2');
  const db = await mysql.createConnection(databaseUrl);
  const passwordHash = await hash(PASSWORD, { type: 2 });
  const accounts = {};
  try {
    for (const role of ['patient', 'expert']) {
      const email = `bench-${role}@bench.cancer-qa.test`;
      const [found] = await db.query('SELECT id FROM users WHERE email = ?', [email]);
      let id = found[0]?.id;
      if (!id) {
        id = randomUUID();
        await db.query(
          "INSERT INTO users (id, email, password_hash, role, first_name, last_name, email_confirmed_at, approval_status, terms_consent, terms_consent_date) VALUES (?, ?, ?, ?, 'Bench', ?, NOW(3), 'approved', 1, NOW(3))",
          [id, email, passwordHash, role, role],
        );
        if (role === 'patient') await db.query("INSERT INTO patients (id, user_id, first_name, last_name, hipaa_consent) VALUES (?, ?, 'Bench', 'patient', 1)", [randomUUID(), id]);
      }
      accounts[role] = { email, id };
      await db.query('DELETE FROM two_factor_recovery_codes WHERE user_id = ?', [id]);
      await db.query('DELETE FROM user_two_factor WHERE user_id = ?', [id]);
    }
  } finally {
    await db.end();
  }
  for (const role of ['patient', 'expert']) {
    const session = await benchSignIn({ baseUrl, dist, email: accounts[role].email, password: PASSWORD, role, headers: { 'x-forwarded-for': ip() } });
    accounts[role].token = session.accessToken;
    if (!accounts[role].token) throw new Error(`no access token in the login answer: ${Object.keys(session).join(', ')}`);
  }
  const existing = await api(baseUrl, 'GET', '/api/questions?per_page=50', { token: accounts.patient.token });
  const questionIds = (existing.questions ?? existing.items ?? []).map((q) => q.id);
  for (let i = questionIds.length; i < questions; i++) {
    const created = await api(baseUrl, 'POST', '/api/questions', {
      token: accounts.patient.token, body: { question_text: `Bench question ${i}: does ${pick(WORDS)} change with ${pick(WORDS)}?`, cancer_type: pick(TYPES) },
    });
    questionIds.push(created.id);
  }
  const answerIds = [];
  for (const questionId of questionIds.slice(0, answered)) {
    const detail = await api(baseUrl, 'GET', `/api/questions/${questionId}`, { token: accounts.expert.token });
    const own = JSON.stringify(detail).match(/"id":(\d+),[^{}]*"answer_type":"expert"/);
    if (own) {
      answerIds.push(Number(own[1]));
      continue;
    }
    const answer = await api(baseUrl, 'POST', `/api/questions/${questionId}/answers`, {
      token: accounts.expert.token,
      body: {
        answer_type: 'expert', answer_text: `Bench answer about ${pick(WORDS)} and ${pick(WORDS)}.`,
        explanation_logic: 'Bench reasoning.', sources: ['https://example.org/bench'], search_method: 'Bench search',
      },
    });
    answerIds.push(answer.id);
  }
  return { accounts, questionIds, answerIds };
}

async function memory(metricsUrl) {
  const text = await (await fetch(metricsUrl)).text();
  const value = (name) => Number(new RegExp(`^${name} ([0-9.e+]+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { rss: value('cqa_process_resident_memory_bytes'), heap: value('cqa_nodejs_heap_size_used_bytes') };
}
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function mixedLoad({ baseUrl, databaseUrl, dist, metricsUrl, connections, durationSeconds, soak, questions = QUESTIONS, answered = ANSWERED }) {
  const { accounts, questionIds, answerIds } = await seed(baseUrl, databaseUrl, dist, { questions, answered });
  const auth = (role) => ({ authorization: `Bearer ${accounts[role].token}`, 'content-type': 'application/json' });
  // None of these routes is auth-throttled; the sign-ins above each come from their own client address (TRUST_PROXY).
  // Ten requests per round: 3 lists, 3 details, 2 searches, 1 rating, 1 new question.
  const requests = [
    { method: 'GET', path: '/api/questions', headers: auth('patient') },
    { method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/questions?filter=answered&cancer_type=${encodeURIComponent(pick(TYPES))}` }), headers: auth('expert') },
    { method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/questions?page=${1 + Math.floor(Math.random() * 5)}` }), headers: auth('patient') },
    ...Array.from({ length: 3 }, () => ({ method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/questions/${pick(questionIds)}` }), headers: auth('patient') })),
    ...Array.from({ length: 2 }, () => ({ method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/questions?q=${pick(WORDS)}` }), headers: auth('expert') })),
    { method: 'PUT', setupRequest: (r) => ({ ...r, path: `/api/answers/${pick(answerIds)}/rating`, body: JSON.stringify({ rating: 1 + Math.floor(Math.random() * 5), feedback: 'bench' }) }), headers: auth('patient') },
    { method: 'POST', path: '/api/questions', setupRequest: (r) => ({ ...r, body: JSON.stringify({ question_text: `Bench load question about ${pick(WORDS)} ${randomBytes(3).toString('hex')}?`, cancer_type: pick(TYPES) }) }), headers: auth('patient') },
  ];
  const duration = soak ? 600 : durationSeconds;
  const samples = [];
  const sampler = setInterval(() => void memory(metricsUrl).then((m) => samples.push({ at: samples.length * 30, ...m }), () => undefined), 30000);
  samples.push({ at: 0, ...(await memory(metricsUrl)) });
  const result = await autocannon({
    url: baseUrl, connections, duration, requests,
  });
  clearInterval(sampler);
  samples.push({ at: duration, ...(await memory(metricsUrl)) });
  const load = (await readFile('/proc/loadavg', 'utf8').catch(() => '')).split(' ').slice(0, 3).join(' ');
  console.log(`\nMixed load (${connections} connections, ${duration} s; per round 3 list, 3 detail, 2 search, 1 rating, 1 new question)`);
  console.log(`  throughput ${result.requests.average.toFixed(0)} req/s (${result.requests.total} requests)`);
  console.log(`  latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  console.log(`  errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx} (2xx ${result['2xx']}, 4xx ${result['4xx']}, 5xx ${result['5xx']})`);
  console.log(`  load average after: ${load || 'n/a'} on ${require('node:os').cpus().length} CPUs`);
  console.log(`  API memory (RSS / heap used): ${samples.map((s) => `${s.at}s ${mb(s.rss)} / ${mb(s.heap)}`).join('; ')}`);
  return result;
}
