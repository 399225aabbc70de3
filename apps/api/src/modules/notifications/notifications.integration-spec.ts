import type { INestApplicationContext } from '@nestjs/common';
import { JobName, NewAnswersCount, NotificationPaths, NotificationSettings, NotificationTexts, QuestionListResponse, QuestionPaths } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call } from '../../../test/accounts-helpers';
import { SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { startWorker, waitFor } from '../../../test/worker-harness';
import { JobQueue } from '../../queues/job-queue.service';
import { AnswersRepository } from '../answers/answers.repository';
import { Actor, actor, answer, ask, EXPERT_FIELDS } from '../questions/test/questions-helpers';
import { mailQuestionTitle } from './notification-rules';

const QUIET_SECONDS = 2;
const SUBJECT = /New answers to your question/;

describe('answer e-mails, "New answers" marks, unsubscribe and the expert digest (real MariaDB, Redis, worker and SMTP)', () => {
  let api: RunningApi;
  let worker: INestApplicationContext;
  let smtp: SmtpSink;
  let ds: DataSource;
  let expert: Actor;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    const env = { SMTP_URL: smtp.url, ANSWER_MAIL_QUIET_SECONDS: String(QUIET_SECONDS), MAIL_RELAY_INTERVAL_MS: '300', EXPERT_DIGEST_CRON: '', UNSUBSCRIBE_RATE_LIMIT_PER_IP: '12' };
    api = await startApi(env);
    worker = await startWorker(env);
    ds = api.app.get(DataSource);
    expert = await actor(api, 'expert');
  }, 90000);
  afterAll(async () => {
    await worker.close();
    await api.close();
    await smtp.close();
  });

  const mailsTo = (who: Actor) => smtp.to(who.email).filter((m) => SUBJECT.test(m.subject));
  const pendingEvents = async (questionId: number) =>
    Number(((await ds.query('SELECT COUNT(*) AS n FROM answer_events WHERE question_id = ?', [questionId])) as [{ n: string }])[0].n);
  /** The quiet period has passed and the worker has told (or dropped) every answer of the question. */
  const settled = async (questionId: number) => {
    expect(await waitFor(() => pendingEvents(questionId), (n) => n === 0, 20000)).toBe(0);
    await new Promise((r) => setTimeout(r, 1000)); // a mail written just now is sent within a moment
  };
  /** Community replies as the link importer saves them: one import row per call. */
  const community = async (questionId: number, texts: string[]) => {
    const batch = (await ds.query("INSERT INTO import_batches (cancer_type, target_question_id) VALUES ('General', ?)", [questionId])) as { insertId: number };
    const url = `https://www.reddit.com/r/cancer/comments/${batch.insertId}/t/`;
    const row = (await ds.query(
      "INSERT INTO import_rows (batch_id, position, url, url_hash, question_scope, status) VALUES (?, 0, ?, SHA2(?, 256), ?, 'answering')",
      [batch.insertId, url, url, questionId],
    )) as { insertId: number };
    await api.app.get(AnswersRepository).insertImportedCommunity(questionId, row.insertId, texts.map((text, i) => ({
      text, url: `${url}${i}`, host: 'www.reddit.com', date: null, score: 3,
    })));
  };
  const newCount = async (who: Actor) => (await call<NewAnswersCount>(api, 'GET', NotificationPaths.newAnswers, { token: who.token })).body.count;
  const listed = async (who: Actor, id: number) =>
    (await call<QuestionListResponse>(api, 'GET', `${QuestionPaths.list}?per_page=50`, { token: who.token })).body.items.find((q) => q.id === id);

  it('several answers within the quiet period (an expert, many community replies) make one e-mail, naming the kinds only', async () => {
    const patient = await actor(api, 'patient');
    const id = await ask(api, patient, 'Is walking every day safe during radiotherapy for breast cancer?');
    await answer(api, expert, id, { answer_text: 'SECRET-EXPERT-TEXT: yes, gently.', ...EXPERT_FIELDS });
    await community(id, ['SECRET-REPLY one', 'SECRET-REPLY two', 'SECRET-REPLY three', 'SECRET-REPLY four']);
    await answer(api, expert, id, { answer_text: 'A second expert note.', ...EXPERT_FIELDS });

    const mail = await smtp.waitFor(patient.email, SUBJECT);
    await settled(id);
    expect(mailsTo(patient)).toHaveLength(1);
    expect(mail.text).toContain('Your question received community answers and an expert answer.');
    expect(mail.text).toContain('Is walking every day safe during radiotherapy for breast cancer?');
    expect(mail.text).toContain(`/patient/questions/${id}`);
    expect(mail.text).not.toContain('SECRET');
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(mail.listUnsubscribe).toMatch(/^<http:\/\/[^>]+\/api\/unsubscribe\/[A-Za-z0-9_-]{43}>$/);
    expect(mail.listUnsubscribe).not.toContain(patient.id);

    // A later answer opens a new quiet period: one more e-mail, not one per answer.
    await community(id, ['SECRET-REPLY five']);
    await waitFor(async () => mailsTo(patient).length, (n) => n === 2, 20000);
    await settled(id);
    expect(mailsTo(patient)).toHaveLength(2);
    expect(mailsTo(patient)[1]!.text).toContain('Your question received community answers.');
  });

  it('marks the asker\'s question "New answers" in their list and top-bar count until they open it; nobody else sees it', async () => {
    const patient = await actor(api, 'patient');
    const other = await actor(api, 'patient');
    const id = await ask(api, patient, 'Which foods help with nausea after chemotherapy sessions?');
    expect(await newCount(patient)).toBe(0);
    expect((await listed(patient, id))?.has_new_answers).toBeUndefined();

    await answer(api, expert, id, { answer_text: 'Ginger may help.', ...EXPERT_FIELDS });
    expect(await newCount(patient)).toBe(1);
    expect((await listed(patient, id))?.has_new_answers).toBe(true);
    expect((await listed(other, id))?.has_new_answers).toBeUndefined();
    // Someone else opening it clears nothing.
    expect((await call(api, 'GET', QuestionPaths.one(id), { token: other.token })).status).toBe(200);
    expect(await newCount(patient)).toBe(1);

    expect((await call(api, 'GET', QuestionPaths.one(id), { token: patient.token })).status).toBe(200);
    expect(await newCount(patient)).toBe(0);
    expect((await listed(patient, id))?.has_new_answers).toBeUndefined();

    await new Promise((r) => setTimeout(r, 5)); // a later millisecond than the opening
    await answer(api, expert, id, { answer_text: 'Small meals too.', ...EXPERT_FIELDS });
    expect(await newCount(patient)).toBe(1);
    expect((await call(api, 'GET', NotificationPaths.newAnswers, { token: expert.token })).status).toBe(403);
  });

  it('answer e-mails turned off in the settings: the answers are marked, no e-mail goes', async () => {
    const patient = await actor(api, 'patient');
    const settings = (body: unknown) => call<NotificationSettings>(api, 'PUT', NotificationPaths.settings, { token: patient.token, body });
    expect((await call<NotificationSettings>(api, 'GET', NotificationPaths.settings, { token: patient.token })).body).toEqual({ answerEmails: true, expertDigest: false });
    expect((await settings({ answerEmails: false })).body).toEqual({ answerEmails: false, expertDigest: false });
    expect((await settings({ expertDigest: true })).status).toBe(403);
    expect((await settings({ answerEmails: 'no' })).status).toBe(400);

    const id = await ask(api, patient, 'Can I keep working full time during immunotherapy?');
    await answer(api, expert, id, { answer_text: 'Many people do.', ...EXPERT_FIELDS });
    await settled(id);
    expect(mailsTo(patient)).toHaveLength(0);
    expect(await newCount(patient)).toBe(1);

    expect((await settings({ answerEmails: true })).body.answerEmails).toBe(true);
    await answer(api, expert, id, { answer_text: 'Talk to your team about hours.', ...EXPERT_FIELDS });
    await smtp.waitFor(patient.email, SUBJECT);
  });

  it('the one-click link unsubscribes without a session (POST), GET only asks, and a wrong token changes nothing', async () => {
    const patient = await actor(api, 'patient');
    const id = await ask(api, patient, 'How long does fatigue last after finishing chemotherapy?');
    await answer(api, expert, id, { answer_text: 'Often months.', ...EXPERT_FIELDS });
    const mail = await smtp.waitFor(patient.email, SUBJECT);
    await settled(id);
    const url = new URL(/^<(.+)>$/.exec(mail.listUnsubscribe ?? '')![1]!);
    const path = url.pathname;

    const page = await fetch(`${api.baseUrl}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain(NotificationTexts.unsubscribeConfirm.replace('&', '&amp;'));
    expect(html).toContain(`<form method="post" action="${path}">`);
    expect((await call<NotificationSettings>(api, 'GET', NotificationPaths.settings, { token: patient.token })).body.answerEmails).toBe(true);

    // A wrong token: a user id, a made-up token, the real one with a letter changed.
    const last = path.at(-1) === 'A' ? 'B' : 'A';
    for (const wrong of [patient.id, 'A'.repeat(43), `${path.split('/').pop()!.slice(0, -1)}${last}`]) {
      const res = await fetch(`${api.baseUrl}/api/unsubscribe/${wrong}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(res.status).toBe(404);
    }
    expect((await call<NotificationSettings>(api, 'GET', NotificationPaths.settings, { token: patient.token })).body.answerEmails).toBe(true);

    // What a mail client sends (RFC 8058): a form POST, no cookie, no token.
    const done = await fetch(`${api.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(NotificationTexts.unsubscribed.replace('&', '&amp;'));
    expect((await call<NotificationSettings>(api, 'GET', NotificationPaths.settings, { token: patient.token })).body.answerEmails).toBe(false);

    await answer(api, expert, id, { answer_text: 'And it improves.', ...EXPERT_FIELDS });
    await settled(id);
    expect(mailsTo(patient)).toHaveLength(1);

    // Form bodies are taken by this route only.
    const elsewhere = await fetch(`${api.baseUrl}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a%40b.test' });
    expect(elsewhere.status).toBe(415);
  });

  it('experts who opt in get one digest a day: the count and the titles, oldest first', async () => {
    const optedIn = await actor(api, 'expert');
    const notOptedIn = await actor(api, 'expert');
    expect((await call(api, 'PUT', NotificationPaths.settings, { token: optedIn.token, body: { expertDigest: true } })).status).toBe(200);
    expect((await call(api, 'PUT', NotificationPaths.settings, { token: optedIn.token, body: { answerEmails: false } })).status).toBe(403);
    const patient = await actor(api, 'patient');
    await ask(api, patient, 'Digest check: is a second opinion worth it for prostate cancer?');

    const runDigest = async () => {
      const job = await api.app.get(JobQueue).enqueue(JobName.ExpertDigest, {}, { jobId: `digest-test-${Date.now()}` });
      return waitFor(() => job.getState(), (s) => s === 'completed' || s === 'failed', 20000);
    };
    expect(await runDigest()).toBe('completed');
    const mail = await smtp.waitFor(optedIn.email, /waiting for an expert answer/);
    const [{ n }] = (await ds.query('SELECT COUNT(*) AS n FROM cancer_questions WHERE has_expert_answer = 0')) as [{ n: string }];
    const oldest = (await ds.query('SELECT question_text FROM cancer_questions WHERE has_expert_answer = 0 ORDER BY created_at, id LIMIT 20')) as Array<{ question_text: string }>;
    expect(mail.subject).toBe(`${n} ${Number(n) === 1 ? 'question is' : 'questions are'} waiting for an expert answer`);
    // Each numbered title after the one before it (other suites' questions in this database may repeat a title).
    let from = 0;
    for (const [i, q] of oldest.entries()) {
      const at = mail.text.indexOf(`${i + 1}. ${mailQuestionTitle(q.question_text)}\n`, from);
      expect({ title: i + 1, found: at >= 0 }).toEqual({ title: i + 1, found: true });
      from = at + 1;
    }
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(smtp.to(notOptedIn.email)).toHaveLength(0);

    expect(await runDigest()).toBe('completed');
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.to(optedIn.email).filter((m) => /waiting for an expert answer/.test(m.subject))).toHaveLength(1);
  });

  it('the unsubscribe link is rate-limited per client IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await fetch(`${api.baseUrl}/api/unsubscribe/${'B'.repeat(43)}`)).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(12);
  });
});
