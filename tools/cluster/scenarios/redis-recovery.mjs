// Redis restarted empty while work it held was still waiting: an AI answer, a deep research run, a link import and a
// password e-mail accepted with no worker running. The database is the record: once the workers are back, their recovery
// passes (JOB_RECOVERY_INTERVAL_MS) and the outbox relay put the lost jobs back, and each completes exactly once.
import { createRequire } from 'node:module';
import { request } from '../http-client.mjs';
import { waitUntil } from '../processes.mjs';
import { DEMO, adminSession, signIn } from './replicas.mjs';
import { AI_QUESTION, RESEARCH_QUESTION, json } from './worker-faults.mjs';

const require = createRequire(import.meta.url);
const DONE_WITHIN_MS = 150_000;

export async function redisRecovery(cluster, outside) {
  const mysql = require('mysql2/promise');
  const db = await mysql.createConnection(cluster.databaseUrl);
  const one = async (sql, params) => (await db.query(sql, params))[0][0];
  try {
    const admin = await adminSession(cluster);
    const patient = await signIn(cluster, { email: DEMO.patient, role: 'patient', localAddress: '127.0.7.1' });
    const ask = async (text) => (await json(cluster, patient.token, 'POST', '/api/questions', { question_text: text, cancer_type: 'Breast Cancer' })).id;
    const aiQuestion = await ask(AI_QUESTION);
    const researchQuestion = await ask(RESEARCH_QUESTION);

    await Promise.all(cluster.workers.map((worker) => worker.stop()));
    const mailBefore = outside.mail.length;
    await json(cluster, admin.token, 'POST', `/api/questions/${aiQuestion}/ai-answer`, {});
    await json(cluster, admin.token, 'POST', `/api/questions/${researchQuestion}/research`, {});
    const batch = await json(cluster, admin.token, 'POST', '/api/import/batches', { urls: [`${outside.forum.origin}/forum/recovery-${Date.now()}`], cancer_type: 'Breast Cancer' });
    const importRow = batch.batch.rows[0].id;
    const forgot = await request(cluster.url, { method: 'POST', path: '/api/auth/forgot-password', body: { email: DEMO.patient }, localAddress: '127.0.7.2' });

    await cluster.redis.stop();
    await cluster.redis.start();
    const restartedAt = Date.now();
    await Promise.all(cluster.workers.map((worker) => worker.start()));

    const states = async () => ({
      ai: (await one('SELECT status FROM ai_runs WHERE question_id = ? ORDER BY id DESC LIMIT 1', [aiQuestion]))?.status,
      research: (await one('SELECT status FROM research_runs WHERE question_id = ? ORDER BY id DESC LIMIT 1', [researchQuestion]))?.status,
      import: (await one('SELECT status FROM import_rows WHERE id = ?', [importRow]))?.status,
    });
    const resetMails = () => outside.mail.slice(mailBefore).filter((m) => m.to.includes(DEMO.patient) && /reset-password/.test(m.text ?? '')).length;
    const answerMails = (questionId) => outside.mail.filter((m) => m.to.includes(DEMO.patient) && (m.text ?? '').includes(`/patient/questions/${questionId}`)).length;
    let finished = null;
    await waitUntil(async () => {
      finished = await states();
      return finished.ai === 'succeeded' && finished.research === 'completed' && finished.import === 'saved' && resetMails() >= 1
        && answerMails(aiQuestion) >= 1 && answerMails(researchQuestion) >= 1;
    }, DONE_WITHIN_MS, 'the accepted work completed').catch(() => undefined);
    const completedAfterS = (Date.now() - restartedAt) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const count = async (sql, params) => Number((await one(sql, params)).n);
    const aiAnswers = await count("SELECT COUNT(*) AS n FROM cancer_answers WHERE question_id = ? AND answer_type = 'ai'", [aiQuestion]);
    const researchAnswers = await count("SELECT COUNT(*) AS n FROM cancer_answers WHERE question_id = ? AND answer_type = 'deep_research'", [researchQuestion]);
    const imported = await one('SELECT question_id FROM import_rows WHERE id = ?', [importRow]);
    const community = await one("SELECT COUNT(*) AS n, COUNT(DISTINCT answer_text) AS d FROM cancer_answers WHERE question_id = ? AND answer_type = 'quora'", [imported?.question_id ?? 0]);
    const lost = [finished?.ai !== 'succeeded', finished?.research !== 'completed', finished?.import !== 'saved', resetMails() === 0 || forgot.status >= 300].filter(Boolean).length;
    const duplicated = [aiAnswers > 1, researchAnswers > 1, Number(community?.n) !== Number(community?.d), resetMails() > 1, answerMails(aiQuestion) > 1, answerMails(researchQuestion) > 1].filter(Boolean).length;
    return [{
      check: 'Redis restarted empty with an AI answer, a research run, an import and an e-mail accepted and waiting',
      figure: `${lost} of 4 lost, ${duplicated} duplicated (${aiAnswers} AI answer, ${researchAnswers} research answer, ${Number(community?.n ?? 0)} community answers, ${resetMails()} reset e-mail, ${answerMails(aiQuestion) + answerMails(researchQuestion)} answer e-mails); all done ${completedAfterS.toFixed(0)} s after the restart`,
      target: '0 accepted jobs lost, 0 duplicated',
      pass: lost === 0 && duplicated === 0 && aiAnswers === 1 && researchAnswers === 1,
    }];
  } finally {
    await db.end();
  }
}
