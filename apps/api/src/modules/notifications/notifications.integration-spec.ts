import type { INestApplicationContext } from '@nestjs/common';
import { createHash } from 'node:crypto';
import {
  JobName, NewAnswersCount, NOTIFICATION_SETTINGS_PAGE, NotificationPaths, NotificationSettings, NotificationTexts, QuestionListResponse, QuestionPaths, ResearchRequestPaths,
  ResearchRequestTexts, UNSUBSCRIBE_LINK_LIFETIME_DAYS,
} from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call } from '../../../test/accounts-helpers';
import { SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { startWorker, waitFor } from '../../../test/worker-harness';
import { JobQueue } from '../../queues/job-queue.service';
import { escapeHtml } from '../mail/mail-text';
import { AnswersRepository } from '../answers/answers.repository';
import { Actor, actor, answer, ask, EXPERT_FIELDS } from '../questions/test/questions-helpers';
import { NotificationSettingsRepository } from './notification-settings.repository';

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
  const settingsOf = async (who: Actor) => (await call<NotificationSettings>(api, 'GET', NotificationPaths.settings, { token: who.token })).body;
  const oneClick = (path: string) =>
    fetch(`${api.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
  const unsubscribePath = (mail: { listUnsubscribe?: string }) => new URL(/^<(.+)>$/.exec(mail.listUnsubscribe ?? '')![1]!).pathname;
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
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

  it('a link\'s token is kept as its sha256 only; used, it shows "unsubscribed" again but never turns e-mails off twice; the next e-mail has a new link', async () => {
    const patient = await actor(api, 'patient');
    const id = await ask(api, patient, 'Is it normal to feel cold during chemotherapy infusions?');
    await answer(api, expert, id, { answer_text: 'Quite common.', ...EXPERT_FIELDS });
    const first = unsubscribePath(await smtp.waitFor(patient.email, SUBJECT));
    await settled(id);
    const token = first.split('/').pop()!;
    const tokens = async () => (await ds.query('SELECT token_hash, used_at FROM unsubscribe_tokens WHERE user_id = ?', [patient.id])) as Array<{ token_hash: string; used_at: Date | null }>;
    expect(await tokens()).toEqual([{ token_hash: sha256(token), used_at: null }]);
    const tokenColumns = (await ds.query(
      "SELECT column_name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name IN ('notification_settings', 'unsubscribe_tokens') AND column_name LIKE '%token%'",
    )) as Array<Record<string, string>>;
    expect(tokenColumns.map((c) => Object.values(c)[0])).toEqual(['token_hash']);
    expect(((await ds.query('SELECT id FROM mail_outbox WHERE body LIKE ?', [`%${token}%`])) as unknown[])).toHaveLength(0);

    // The mail provider's one-click POST, then the person's own click on the link in the body: both "unsubscribed".
    for (let i = 0; i < 2; i++) {
      const done = await oneClick(first);
      expect(done.status).toBe(200);
      expect(await done.text()).toContain(NotificationTexts.unsubscribed.replace('&', '&amp;'));
    }
    const reopened = await fetch(`${api.baseUrl}${first}`);
    expect(reopened.status).toBe(200);
    const reopenedHtml = await reopened.text();
    expect(reopenedHtml).toContain(NotificationTexts.unsubscribed.replace('&', '&amp;'));
    expect(reopenedHtml).not.toContain('<form');
    expect((await settingsOf(patient)).answerEmails).toBe(false);
    expect((await tokens())[0]!.used_at).not.toBeNull();

    // E-mails on again: the used link grants nothing more.
    expect((await call(api, 'PUT', NotificationPaths.settings, { token: patient.token, body: { answerEmails: true } })).status).toBe(200);
    const spent = await oneClick(first);
    expect(spent.status).toBe(410);
    expect(await spent.text()).toContain(NotificationTexts.unsubscribeSpent);
    expect((await fetch(`${api.baseUrl}${first}`)).status).toBe(410);
    expect((await settingsOf(patient)).answerEmails).toBe(true);

    // The next e-mail carries a new link, which works.
    await answer(api, expert, id, { answer_text: 'Bring a blanket.', ...EXPERT_FIELDS });
    await waitFor(async () => mailsTo(patient).length, (n) => n === 2, 20000);
    const second = unsubscribePath(mailsTo(patient)[1]!);
    expect(second).not.toBe(first);
    expect(await (await fetch(`${api.baseUrl}${second}`)).text()).toContain(`<form method="post" action="${second}">`);
    expect((await oneClick(second)).status).toBe(200);
    expect((await settingsOf(patient)).answerEmails).toBe(false);
  });

  it('a declined deep research request is told by the answer e-mail and the "New answers" mark, its reason kept on the platform (issue 38)', async () => {
    const patient = await actor(api, 'patient');
    const id = await ask(api, patient, 'Would deep research help me choose between two chemotherapy regimens for breast cancer?');
    await ds.query("INSERT INTO research_requests (question_id, requested_by, status) VALUES (?, ?, 'requested')", [id, patient.id]);
    const [{ id: requestId }] = (await ds.query('SELECT id FROM research_requests WHERE question_id = ?', [id])) as [{ id: string }];
    await call(api, 'GET', QuestionPaths.one(id), { token: patient.token });
    expect(await newCount(patient)).toBe(0);
    const declined = await call(api, 'POST', ResearchRequestPaths.decline(requestId), {
      token: expert.token, body: { reason: 'SECRET-REASON: your oncologist should weigh these two regimens with you.' },
    });
    expect(declined.status).toBe(200);
    expect(await newCount(patient)).toBe(1);
    expect((await listed(patient, id))?.has_new_answers).toBe(true);
    await settled(id);
    const mails = smtp.to(patient.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your deep research request on Cancer Q&A');
    expect(mails[0]!.text).toContain(ResearchRequestTexts.declinedMailSentence);
    expect(mails[0]!.text).not.toContain('SECRET-REASON');
    expect(mails[0]!.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  });

  it('experts who opt in get one digest a day: how many questions wait, by cancer type, and a link; no question\'s words', async () => {
    const optedIn = await actor(api, 'expert');
    const notOptedIn = await actor(api, 'expert');
    expect((await call(api, 'PUT', NotificationPaths.settings, { token: optedIn.token, body: { expertDigest: true } })).status).toBe(200);
    expect((await call(api, 'PUT', NotificationPaths.settings, { token: optedIn.token, body: { answerEmails: false } })).status).toBe(403);
    const patient = await actor(api, 'patient');
    const questionText = 'Digest check: is a second opinion worth it for my Gleason 7 prostate cancer?';
    const questionId = await ask(api, patient, questionText, 'Prostate Cancer');
    // Issue 38: a deep research request waiting for review is counted too (its question's words stay out).
    await ds.query("INSERT INTO research_requests (question_id, requested_by, status) VALUES (?, ?, 'requested')", [questionId, patient.id]);

    const runDigest = async () => {
      const job = await api.app.get(JobQueue).enqueue(JobName.ExpertDigest, {}, { jobId: `digest-test-${Date.now()}` });
      return waitFor(() => job.getState(), (s) => s === 'completed' || s === 'failed', 20000);
    };
    expect(await runDigest()).toBe('completed');
    const mail = await smtp.waitFor(optedIn.email, /waiting for an expert answer/);
    const groups = (await ds.query(
      'SELECT cancer_type_key AS t, COUNT(*) AS n FROM cancer_questions WHERE has_expert_answer = 0 GROUP BY cancer_type_key ORDER BY n DESC, t',
    )) as Array<{ t: string; n: string }>;
    const total = groups.reduce((sum, g) => sum + Number(g.n), 0);
    expect(mail.subject).toBe(`${total} ${total === 1 ? 'question is' : 'questions are'} waiting for an expert answer`);
    expect(mail.text).toContain(`${mail.subject} on Cancer Q&A, by cancer type:`);
    for (const g of groups) expect(mail.text).toContain(`\n${g.t}: ${g.n}\n`);
    expect(mail.text).toContain('/expert/questions');
    const [{ n: waitingRequests }] = (await ds.query("SELECT COUNT(*) AS n FROM research_requests WHERE status = 'requested'")) as [{ n: string }];
    expect(mail.text).toContain(`${ResearchRequestTexts.digestLine(Number(waitingRequests))}\n\nhttp`);
    expect(mail.text).toContain('/expert/research-requests');
    // Not the patients' words, not even the start of a title.
    const texts = (await ds.query('SELECT question_text FROM cancer_questions WHERE has_expert_answer = 0')) as Array<{ question_text: string }>;
    for (const { question_text } of texts) expect(mail.text).not.toContain(question_text.slice(0, 20));
    expect(mail.text).not.toContain('Gleason');
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(smtp.to(notOptedIn.email)).toHaveLength(0);

    expect(await runDigest()).toBe('completed');
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.to(optedIn.email).filter((m) => /waiting for an expert answer/.test(m.subject))).toHaveLength(1);

    // The digest's own link unsubscribes the expert from it.
    expect((await oneClick(unsubscribePath(mail))).status).toBe(200);
    expect((await settingsOf(optedIn)).expertDigest).toBe(false);
  });

  it(`an unused link works for ${UNSUBSCRIBE_LINK_LIFETIME_DAYS} days; older, it is refused (410) with a page that sends the person to their settings, and changes nothing`, async () => {
    const patient = await actor(api, 'patient');
    const repo = api.app.get(NotificationSettingsRepository);
    const [young, old] = [await ds.transaction((tx) => repo.newToken(tx, patient.id)), await ds.transaction((tx) => repo.newToken(tx, patient.id))];
    const age = (token: string, days: number) =>
      ds.query('UPDATE unsubscribe_tokens SET created_at = CURRENT_TIMESTAMP(3) - INTERVAL ? DAY WHERE token_hash = ?', [days, sha256(token)]);
    await age(young, UNSUBSCRIBE_LINK_LIFETIME_DAYS - 1);
    await age(old, UNSUBSCRIBE_LINK_LIFETIME_DAYS + 1);

    for (const res of [await fetch(`${api.baseUrl}${NotificationPaths.unsubscribe(old)}`), await oneClick(NotificationPaths.unsubscribe(old))]) {
      expect(res.status).toBe(410);
      const html = await res.text();
      expect(html).toContain(escapeHtml(NotificationTexts.unsubscribeExpired));
      expect(NotificationTexts.unsubscribeExpired).toContain(`${UNSUBSCRIBE_LINK_LIFETIME_DAYS} days`);
      expect(html).toContain(`<a href="${NOTIFICATION_SETTINGS_PAGE}">${escapeHtml(NotificationTexts.unsubscribeSignInToChange)}</a>`);
    }
    expect(await settingsOf(patient)).toEqual({ answerEmails: true, expertDigest: false });
    expect(((await ds.query('SELECT used_at FROM unsubscribe_tokens WHERE token_hash = ?', [sha256(old)])) as { used_at: Date | null }[])[0]!.used_at).toBeNull();

    // A day short of the lifetime the link still does its one thing.
    expect((await fetch(`${api.baseUrl}${NotificationPaths.unsubscribe(young)}`)).status).toBe(200);
    expect((await oneClick(NotificationPaths.unsubscribe(young))).status).toBe(200);
    expect((await settingsOf(patient)).answerEmails).toBe(false);
  });

  // Last: it leaves this client's address over the limit.
  it('only unknown tokens count against the per-IP limit: past it, a known link still works (a mail provider\'s shared address)', async () => {
    const patient = await actor(api, 'patient');
    const token = await ds.transaction((tx) => api.app.get(NotificationSettingsRepository).newToken(tx, patient.id));
    const known = NotificationPaths.unsubscribe(token);
    const unknown = NotificationPaths.unsubscribe('B'.repeat(43));
    // Known links first: they are not counted, so the unknown ones below still have the whole limit.
    for (let i = 0; i < 14; i++) expect((await fetch(`${api.baseUrl}${known}`)).status).toBe(200);

    // Unknown ones until refused (the earlier tests' wrong tokens count in this window too).
    const statuses: number[] = [];
    while (statuses.length < 30 && statuses.at(-1) !== 429) statuses.push((await fetch(`${api.baseUrl}${unknown}`)).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(12);
    expect((await oneClick('/api/unsubscribe/not-even-a-token')).status).toBe(429);

    expect((await fetch(`${api.baseUrl}${known}`)).status).toBe(200);
    const done = await oneClick(known);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(NotificationTexts.unsubscribed.replace('&', '&amp;'));
    expect((await settingsOf(patient)).answerEmails).toBe(false);
    expect((await oneClick(unknown)).status).toBe(429);
  });
});
