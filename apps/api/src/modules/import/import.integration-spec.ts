import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import {
  COMMUNITY_ANSWER_LABEL, CreateImportBatchResponse, ImportBatchListResponse, ImportPaths, ImportRowView, ImportTexts, isImportRowUnfinished, Messages,
  QuestionDetail, QuestionPaths, QueueName,
} from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../config/app-config';
import { JobQueue } from '../../queues/job-queue.service';
import { importUrlJobId, urlHash } from './import-keys';
import { createWorker } from '../../worker/create-worker';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call } from '../../../test/accounts-helpers';
import { Actor, actor, ask } from '../questions/test/questions-helpers';
import { LocalTestServer, startLocalTestServer } from './test/local-test-server';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'extractors', 'fixtures', name), 'utf8');
const REDDIT_PATH = '/r/cancer/comments/abc123/slug';

/**
 * The whole import through HTTP, Redis, the worker and MariaDB, against local sites that FETCH_ALLOW_HOSTS lets
 * through: a Reddit thread (read with app credentials through OAuth, since the Reddit host serves Reddit's real
 * robots.txt, which refuses anonymous agents) and a forum page become a question with one community answer per
 * reply; robots.txt refusals wait for pasted text; oversized and slow pages fail with their reason; the same link
 * never lands twice.
 */
describe('link import', () => {
  let site: LocalTestServer;
  let reddit: LocalTestServer;
  let api: RunningApi;
  let worker: INestApplicationContext;
  let admin: Actor;
  let busyAnswers = 0;

  beforeAll(async () => {
    site = await startLocalTestServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      const send = (status: number, type: string, body: string) => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      };
      if (url.pathname === '/robots.txt') return send(200, 'text/plain', 'User-agent: *\nDisallow: /private/\n');
      if (url.pathname.startsWith('/forum/') || url.pathname.startsWith('/private/')) return send(200, 'text/html; charset=utf-8', fixture('forum-thread-posts.fixture.html'));
      if (url.pathname === '/huge') return send(200, 'text/html', `<html><body><p>${'x'.repeat(2 * 1024 * 1024 + 10)}</p></body></html>`);
      if (url.pathname === '/slow') return; // never answers: the fetch times out
      if (url.pathname === '/busy/thread' && busyAnswers++ === 0) {
        res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '1' });
        return res.end('slow down');
      }
      if (url.pathname === '/busy/thread') return send(200, 'text/html; charset=utf-8', fixture('forum-thread-posts.fixture.html'));
      return send(404, 'text/html', 'not here');
    });
    // The Reddit host: its real robots.txt, the JSON form (which that file forbids us), the token endpoint, the API.
    reddit = await startLocalTestServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      const send = (status: number, type: string, body: string) => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      };
      if (url.pathname === '/robots.txt') return send(200, 'text/plain', fixture('reddit-robots.real.txt'));
      if (url.pathname === `${REDDIT_PATH}.json`) return send(200, 'application/json', fixture('reddit-thread.fixture.json'));
      if (url.pathname === '/api/v1/access_token' && req.method === 'POST') {
        const ok = req.headers.authorization === `Basic ${Buffer.from('app-id:app-secret').toString('base64')}`;
        return ok ? send(200, 'application/json', '{"access_token": "tok-1", "token_type": "bearer", "expires_in": 3600, "scope": "*"}') : send(401, 'application/json', '{"message": "Unauthorized", "error": 401}');
      }
      if (url.pathname === `/oauth${REDDIT_PATH}` && req.headers.authorization === 'Bearer tok-1') return send(200, 'application/json', fixture('reddit-thread.fixture.json'));
      return send(404, 'application/json', '{"message": "Not Found", "error": 404}');
    });
    const env = {
      FETCH_ALLOW_HOSTS: `${site.host},${reddit.host}`,
      REDDIT_BASE_URL: reddit.origin,
      REDDIT_AUTH_BASE_URL: `${reddit.origin}/api/v1/access_token`,
      REDDIT_OAUTH_BASE_URL: `${reddit.origin}/oauth`,
      REDDIT_CLIENT_ID: 'app-id',
      REDDIT_CLIENT_SECRET: 'app-secret',
      FETCH_HOST_DELAY_MS: '0',
      FETCH_TIMEOUT_MS: '800',
    };
    api = await startApi(env);
    worker = await createWorker(loadConfig({ ...process.env, ...env }, 'worker'));
    admin = await actor(api, 'admin');
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await site?.close();
    await reddit?.close();
  });

  const UNDER_WAY = expect.stringMatching(/^(queued|fetching|answering)$/);
  const submit = (body: unknown, token = admin.token) => call<CreateImportBatchResponse>(api, 'POST', ImportPaths.batches, { token, body });
  const row = async (id: number) => (await call<ImportRowView>(api, 'GET', ImportPaths.row(id), { token: admin.token })).body;
  async function settled(id: number, timeoutMs = 25000): Promise<ImportRowView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const current = await row(id);
      if (!isImportRowUnfinished(current.status) || Date.now() > deadline) return current;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  const detail = async (id: number) => (await call<QuestionDetail>(api, 'GET', QuestionPaths.one(id), { token: admin.token })).body;

  it('turns a Reddit thread and a forum page into questions with one community answer per reply', async () => {
    const threadUrl = `${reddit.origin}${REDDIT_PATH}/`;
    const forum = `${site.origin}/forum/scan-anxiety`;
    const created = await submit({ urls: [`  ${threadUrl}  `, forum], cancer_type: 'Breast Cancer' });
    expect(created.status).toBe(201);
    // The worker may already have picked a row up by the time the answer is read back.
    expect(created.body.batch!.rows.map((r) => [r.url, r.status])).toEqual([[threadUrl, UNDER_WAY], [forum, UNDER_WAY]]);
    expect(created.body.batch!.cancer_type).toBe('Breast Cancer');

    const [fromReddit, fromForum] = await Promise.all(created.body.batch!.rows.map((r) => settled(r.id)));
    expect(fromReddit).toMatchObject({ status: 'saved', error: null, answers_created: 2, ai_run_id: null, ai_note: ImportTexts.aiNotConfigured });
    expect(fromForum).toMatchObject({ status: 'saved', answers_created: 3 });

    const question = await detail(fromReddit!.question_id!);
    expect(question.question_text).toMatch(/^Tips for getting through chemo fatigue\?/);
    expect(question.cancer_type).toBe('Breast Cancer');
    expect(question.answers_count).toBe(2);
    const community = question.answers.quora;
    expect(community).toHaveLength(2);
    for (const answer of community) {
      expect(answer.sources).toHaveLength(1);
      expect(answer.sources[0]).toMatch(/^http/);
      expect(answer.community).toMatchObject({ host: expect.any(String), label: COMMUNITY_ANSWER_LABEL });
    }
    expect(community.map((a) => a.community!.score).sort((a, b) => b! - a!)).toEqual([31, 12]);
    expect(JSON.stringify(community)).not.toMatch(/"author"|"username"|Removed by Reddit|\[removed\]|\[deleted\]/);
    // Reddit's robots.txt was honoured: the anonymous JSON form was never asked for, the API was, with a token.
    expect(reddit.requests.some((r) => r.url.startsWith(`${REDDIT_PATH}.json`))).toBe(false);
    expect(reddit.requests.find((r) => r.url.startsWith(`/oauth${REDDIT_PATH}`))?.headers.authorization).toBe('Bearer tok-1');

    const forumQuestion = await detail(fromForum!.question_id!);
    expect(forumQuestion.question_text).toMatch(/^Scan anxiety before the 6-month CT/);
    expect(forumQuestion.answers.quora).toHaveLength(3);
    expect(forumQuestion.answers.quora.every((a) => a.community?.label === COMMUNITY_ANSWER_LABEL)).toBe(true);

    // The batch parent ran once both links were done; the list survives a reload.
    const list = (await call<ImportBatchListResponse>(api, 'GET', ImportPaths.batches, { token: admin.token })).body;
    expect(list.items.find((b) => b.id === created.body.batch!.id)?.rows.map((r) => r.status)).toEqual(['saved', 'saved']);
    const finished = async () => ((await api.app.get(DataSource).query('SELECT finished_at FROM import_batches WHERE id = ?', [created.body.batch!.id])) as { finished_at: Date | null }[])[0]!.finished_at;
    for (let i = 0; i < 50 && !(await finished()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await finished()).not.toBeNull();

    // The same links again (one with a fragment) add nothing.
    const again = await submit({ urls: [`${threadUrl}#comments`, forum] });
    expect(again.status).toBe(201);
    expect(again.body.batch).toBeNull();
    expect(again.body.already_imported.map((r) => r.id).sort()).toEqual([fromReddit!.id, fromForum!.id].sort());
    expect((await detail(fromReddit!.question_id!)).answers.quora).toHaveLength(2);
  });

  it('adds the answers of a link to the question named, once', async () => {
    const questionId = await ask(api, admin, 'How do people cope with scan anxiety?');
    const url = `${site.origin}/forum/coping`;
    const created = await submit({ urls: [url], question_id: questionId });
    expect(created.status).toBe(201);
    const done = await settled(created.body.batch!.rows[0]!.id);
    expect(done).toMatchObject({ status: 'saved', question_id: questionId, answers_created: 3, ai_note: null });
    const question = await detail(questionId);
    expect(question.question_text).toBe('How do people cope with scan anxiety?');
    expect(question.answers.quora).toHaveLength(3);

    expect((await submit({ urls: [url], question_id: questionId })).body).toMatchObject({ batch: null, already_imported: [{ id: done.id }] });
    expect((await detail(questionId)).answers.quora).toHaveLength(3);
    expect((await submit({ urls: [url], question_id: 99999999 })).status).toBe(404);
  });

  it('asks for the thread text when robots.txt refuses the page, and the pasted text completes it', async () => {
    const url = `${site.origin}/private/thread`;
    const created = await submit({ urls: [url] });
    const waiting = await settled(created.body.batch!.rows[0]!.id);
    expect(waiting).toMatchObject({ status: 'paste_needed', error: 'Refused by robots.txt', question_id: null });
    expect(site.requests.some((r) => r.url === '/private/thread')).toBe(false);

    const bad = await call(api, 'POST', ImportPaths.paste(waiting.id), { token: admin.token, body: { text: 'Only a title' } });
    expect(bad.status).toBe(400);
    const pasted = await call<ImportRowView>(api, 'POST', ImportPaths.paste(waiting.id), {
      token: admin.token,
      body: { text: 'Walking during radiation?\n\nI walked 20 minutes a day and it helped.\n\nShort walks, rest after.' },
    });
    expect(pasted.status).toBe(200);
    expect(pasted.body.status).toEqual(UNDER_WAY);
    const done = await settled(waiting.id);
    expect(done).toMatchObject({ status: 'saved', answers_created: 2 });
    const question = await detail(done.question_id!);
    expect(question.question_text).toBe('Walking during radiation?');
    expect(question.answers.quora.map((a) => a.sources)).toEqual([[url], [url]]);
    expect((await call(api, 'POST', ImportPaths.paste(waiting.id), { token: admin.token, body: { text: 'x\n\ny' } })).status).toBe(409);
  });

  it('fails an oversized or slow page with its reason, and Retry queues it again', async () => {
    const created = await submit({ urls: [`${site.origin}/huge`, `${site.origin}/slow`] });
    const [huge, slow] = await Promise.all(created.body.batch!.rows.map((r) => settled(r.id, 28000)));
    expect(huge).toMatchObject({ status: 'failed', error: 'Page too large (over 2 MB)', question_id: null });
    expect(slow).toMatchObject({ status: 'failed', error: 'Timed out', question_id: null });

    const retried = await call<ImportRowView>(api, 'POST', ImportPaths.retry(huge!.id), { token: admin.token });
    expect(retried.status).toBe(200);
    expect(retried.body.status).toEqual(UNDER_WAY);
    expect((await settled(huge!.id)).error).toBe('Page too large (over 2 MB)');
    expect((await call(api, 'POST', ImportPaths.retry(created.body.batch!.rows[0]!.id + 100000), { token: admin.token })).status).toBe(404);
  }, 60000);

  it("waits out a 429's Retry-After without spending an attempt", async () => {
    const created = await submit({ urls: [`${site.origin}/busy/thread`] });
    const done = await settled(created.body.batch!.rows[0]!.id);
    expect(done).toMatchObject({ status: 'saved', answers_created: 3 });
    expect(busyAnswers).toBe(2);
    const job = await api.app.get(JobQueue).queue(QueueName.Import).getJob(importUrlJobId(0, urlHash(`${site.origin}/busy/thread`), 0));
    expect(job?.attemptsMade).toBe(1);
  });

  it('refuses a private address as a failed row, not a fetch', async () => {
    const created = await submit({ urls: ['http://169.254.169.254/latest/meta-data/'] });
    expect(await settled(created.body.batch!.rows[0]!.id)).toMatchObject({ status: 'failed', error: 'Address not allowed' });
  });

  it("checks the links with the Import tab's texts", async () => {
    const text = (r: { body: unknown }) => JSON.stringify(r.body);
    expect(text(await submit({ urls: [] }))).toContain(Messages.validation.linkUrlRequired);
    expect(text(await submit({ urls: ['  ', ''] }))).toContain(Messages.validation.linkUrlRequired);
    expect(text(await submit({ urls: ['https://example.org/ok', 'not a url'] }))).toContain(Messages.validation.linkUrlInvalid);
    expect(text(await submit({ urls: ['ftp://example.org/file'] }))).toContain(Messages.validation.linkUrlInvalid);
    expect((await submit({ urls: Array.from({ length: 21 }, (_, i) => `https://example.org/${i}`) })).status).toBe(400);
  });

  it('is for admins only', async () => {
    const body = { urls: ['https://example.org/thread'] };
    expect((await call(api, 'POST', ImportPaths.batches, { body })).status).toBe(401);
    expect((await call(api, 'GET', ImportPaths.batches)).status).toBe(401);
    for (const role of ['patient', 'expert'] as const) {
      const who = await actor(api, role);
      expect((await submit(body, who.token)).status).toBe(403);
      expect((await call(api, 'GET', ImportPaths.batches, { token: who.token })).status).toBe(403);
      expect((await call(api, 'POST', ImportPaths.paste(1), { token: who.token, body: { text: 'x' } })).status).toBe(403);
    }
  });
});
