// A worker SIGKILLed in the middle of an AI answer (a model call in flight), a deep research step (likewise) and a link
// import (a page fetch in flight): the other worker takes each job over once its lock has expired, and each completes
// with exactly one answer written and one e-mail sent.
import { createRequire } from 'node:module';
import { request } from '../http-client.mjs';
import { waitUntil } from '../processes.mjs';
import { DEMO, adminSession, signIn } from './replicas.mjs';

const require = createRequire(import.meta.url);
// Questions the literature fixtures hold (the e2e journeys' own).
export const AI_QUESTION = 'Does exercise help with fatigue during chemotherapy?';
export const RESEARCH_QUESTION = 'Does exercise help fatigue during chemotherapy for breast cancer?';
const MODEL_DELAY_MS = 3_000;
const PAGE_DELAY_MS = 15_000;
const DONE_WITHIN_MS = 180_000;

export async function json(cluster, token, method, path, body) {
  const answer = await request(cluster.url, { method, path, body, headers: { authorization: `Bearer ${token}` }, localAddress: '127.0.6.1', timeoutMs: 20_000 });
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body}`);
  return answer.json;
}

const setModelDelay = (fakeAi, ms) => fetch(`${fakeAi.url.replace(/\/v1$/, '')}/__delay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms }) });

export async function workerFaults(cluster, outside) {
  const mysql = require('mysql2/promise');
  const db = await mysql.createConnection(cluster.databaseUrl);
  const one = async (sql, params) => (await db.query(sql, params))[0][0];
  try {
    const admin = await adminSession(cluster);
    const patient = await signIn(cluster, { email: DEMO.patient, role: 'patient', localAddress: '127.0.6.1' });
    const ask = async (text) => (await json(cluster, patient.token, 'POST', '/api/questions', { question_text: text, cancer_type: 'Breast Cancer' })).id;
    const aiQuestion = await ask(AI_QUESTION);
    const researchQuestion = await ask(RESEARCH_QUESTION);

    // Worker 2 stops (gracefully), so worker 1 takes every job; every model call and the forum page are slow.
    const [first, second] = cluster.workers;
    await second.stop();
    await setModelDelay(outside.fakeAi, MODEL_DELAY_MS);
    outside.forum.setDelay(PAGE_DELAY_MS);
    await json(cluster, admin.token, 'POST', `/api/questions/${aiQuestion}/ai-answer`, {});
    await json(cluster, admin.token, 'POST', `/api/questions/${researchQuestion}/research`, {});
    const batch = await json(cluster, admin.token, 'POST', '/api/import/batches', { urls: [`${outside.forum.origin}/forum/thread-${Date.now()}`], cancer_type: 'Breast Cancer' });
    const importRow = batch.batch.rows[0].id;

    const states = async () => ({
      ai: (await one('SELECT status FROM ai_runs WHERE question_id = ? ORDER BY id DESC LIMIT 1', [aiQuestion]))?.status,
      research: (await one('SELECT status FROM research_runs WHERE question_id = ? ORDER BY id DESC LIMIT 1', [researchQuestion]))?.status,
      import: (await one('SELECT status, question_id FROM import_rows WHERE id = ?', [importRow]))?.status,
    });
    await waitUntil(async () => {
      const now = await states();
      return now.ai === 'running' && now.research === 'running' && now.import === 'fetching';
    }, 90_000, 'the AI answer, the research run and the import all in the middle on worker 1');

    const killedAt = Date.now();
    await first.process.signal('SIGKILL');
    await setModelDelay(outside.fakeAi, 0);
    outside.forum.setDelay(0);
    await second.start();
    let finished = null;
    await waitUntil(async () => {
      finished = await states();
      return finished.ai === 'succeeded' && finished.research === 'completed' && finished.import === 'saved';
    }, DONE_WITHIN_MS, 'all three completed on worker 2').catch(() => undefined);
    const completedAfterS = (Date.now() - killedAt) / 1000;
    await first.start();

    // The answer e-mails go after their quiet period; wait for them, then count.
    const mailsFor = (questionId) => outside.mail.filter((m) => m.to.includes(DEMO.patient) && (m.text ?? '').includes(`/patient/questions/${questionId}`)).length;
    await waitUntil(async () => mailsFor(aiQuestion) >= 1 && mailsFor(researchQuestion) >= 1, 60_000, 'answer e-mails').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const aiAnswers = Number((await one("SELECT COUNT(*) AS n FROM cancer_answers WHERE question_id = ? AND answer_type = 'ai'", [aiQuestion])).n);
    const researchAnswers = Number((await one("SELECT COUNT(*) AS n FROM cancer_answers WHERE question_id = ? AND answer_type = 'deep_research'", [researchQuestion])).n);
    const imported = await one('SELECT question_id FROM import_rows WHERE id = ?', [importRow]);
    const community = await one("SELECT COUNT(*) AS n, COUNT(DISTINCT answer_text) AS distinctTexts FROM cancer_answers WHERE question_id = ? AND answer_type = 'quora'", [imported?.question_id ?? 0]);
    const row = (check, done, answers, mails, exact) => ({
      check: `worker SIGKILL during ${check}`,
      figure: `${done ? `completed on the other worker ${completedAfterS.toFixed(0)} s after the kill` : `not completed (${JSON.stringify(finished)})`}; ${answers}${mails === null ? '' : `; ${mails} e-mail(s) to the patient`}`,
      target: '0 lost, 0 duplicated answers or e-mails',
      pass: done && exact,
    });
    return [
      row('an AI answer (model call in flight)', finished?.ai === 'succeeded', `${aiAnswers} AI answer(s)`, mailsFor(aiQuestion), aiAnswers === 1 && mailsFor(aiQuestion) === 1),
      row('a deep research step (model call in flight)', finished?.research === 'completed', `${researchAnswers} research answer(s)`, mailsFor(researchQuestion), researchAnswers === 1 && mailsFor(researchQuestion) === 1),
      row('a link import (page fetch in flight)', finished?.import === 'saved', `${Number(community?.n ?? 0)} community answers, ${Number(community?.n ?? 0) - Number(community?.distinctTexts ?? 0)} stored twice`, null, Number(community?.n ?? 0) > 0 && Number(community.n) === Number(community.distinctTexts)),
    ];
  } finally {
    await db.end();
  }
}
