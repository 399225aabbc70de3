import type { INestApplicationContext } from '@nestjs/common';
import { CreateImportBatchResponse, ImportPaths, ImportRowView, isImportRowUnfinished, QuestionDetail, QuestionPaths } from '@cqa/contracts';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call } from '../../../test/accounts-helpers';
import { Actor, actor } from '../questions/test/questions-helpers';
import { AiFakes, FIXTURE_CANCER_TYPE, FIXTURE_QUESTION, finishedRun, startAiFakes, startTestWorker, waitFor } from '../answers/ai/test/ai-test-env';
import { LocalTestServer, startLocalTestServer } from './test/local-test-server';

/**
 * A thread whose title and opening post are the question the literature fixtures hold (the fixture server answers only
 * the exact searches made from its words), so its AI answer can be written offline.
 */
const THREAD = `<!doctype html><html><head><title>${FIXTURE_QUESTION}</title></head><body><main>
  <h1>${FIXTURE_QUESTION}</h1>
  <article class="post"><p>${FIXTURE_QUESTION}</p></article>
  <article class="post"><p>Short walks every day helped me more than resting all day, honestly.</p></article>
  <article class="post"><p>My oncology nurse suggested gentle yoga and it made the afternoons easier.</p></article>
</main></body></html>`;

describe('link import with an AI provider', () => {
  let site: LocalTestServer;
  let fakes: AiFakes;
  let api: RunningApi;
  let worker: INestApplicationContext;
  let admin: Actor;

  beforeAll(async () => {
    site = await startLocalTestServer((req, res) => {
      if (req.url === '/robots.txt') { res.writeHead(404); return res.end(); }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(THREAD);
    });
    fakes = await startAiFakes();
    const env = { ...fakes.env, FETCH_ALLOW_HOSTS: site.host, FETCH_HOST_DELAY_MS: '0', AI_AUTO_ANSWER: 'false' };
    api = await startApi(env);
    worker = await startTestWorker(env);
    admin = await actor(api, 'admin');
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await fakes?.close();
    await site?.close();
  });

  it('asks the AI-answers job for a cited answer to the imported question, beside the community answers', async () => {
    const created = await call<CreateImportBatchResponse>(api, 'POST', ImportPaths.batches, {
      token: admin.token, body: { urls: [`${site.origin}/forum/exercise-fatigue`], cancer_type: FIXTURE_CANCER_TYPE },
    });
    expect(created.status).toBe(201);
    const rowId = created.body.batch!.rows[0]!.id;
    const row = await waitFor(
      async () => (await call<ImportRowView>(api, 'GET', ImportPaths.row(rowId), { token: admin.token })).body,
      (r) => !isImportRowUnfinished(r.status),
    );
    expect(row).toMatchObject({ status: 'saved', ai_note: null });
    expect(row.ai_run_id).toEqual(expect.any(Number));

    const run = await finishedRun(api, admin.token, row.question_id!);
    expect(run).toMatchObject({ id: row.ai_run_id, status: 'succeeded' });
    const question = (await call<QuestionDetail>(api, 'GET', QuestionPaths.one(row.question_id!), { token: admin.token })).body;
    expect(question.answers.quora.length).toBeGreaterThanOrEqual(2);
    expect(question.answers.ai).toHaveLength(1);
    expect(question.answers.ai[0]!.ai_details?.sources.length).toBeGreaterThan(0);
    expect(fakes.literature.unmatched()).toEqual([]);
  });
});
