import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { CreateImportBatchResponse, ImportPaths, ImportRowView, isImportRowUnfinished } from '@cqa/contracts';
import { loadConfig } from '../../config/app-config';
import { createWorker } from '../../worker/create-worker';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call } from '../../../test/accounts-helpers';
import { Actor, actor } from '../questions/test/questions-helpers';
import { LocalTestServer, startLocalTestServer } from './test/local-test-server';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'extractors', 'fixtures', name), 'utf8');
/** Far more reading than IMPORT_PARSE_TIMEOUT_MS allows (about 1.5 MB of reply blocks), though under the 2 MB fetch limit. */
const ENDLESS_PAGE = `<html><head><title>Endless thread</title></head><body>${'<div class="post"><div class="post-body"><p>More <b>and</b> more.</p></div></div>'.repeat(20_000)}</body></html>`;

/**
 * Pages are read in a worker thread with a time limit: a page that takes too long fails its own row with
 * 'The page could not be read in time', and the link next to it in the same batch is imported as usual.
 */
describe('link import time limit', () => {
  let site: LocalTestServer;
  let api: RunningApi;
  let worker: INestApplicationContext;
  let admin: Actor;

  beforeAll(async () => {
    site = await startLocalTestServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      const send = (status: number, type: string, body: string) => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      };
      if (url.pathname === '/robots.txt') return send(200, 'text/plain', 'User-agent: *\nAllow: /\n');
      if (url.pathname === '/forum/endless') return send(200, 'text/html; charset=utf-8', ENDLESS_PAGE);
      if (url.pathname === '/forum/ordinary') return send(200, 'text/html; charset=utf-8', fixture('forum-thread-posts.fixture.html'));
      return send(404, 'text/html', 'not here');
    });
    const env = { FETCH_ALLOW_HOSTS: site.host, FETCH_HOST_DELAY_MS: '0', IMPORT_PARSE_TIMEOUT_MS: '3000' };
    api = await startApi(env);
    worker = await createWorker(loadConfig({ ...process.env, ...env }, 'worker'));
    admin = await actor(api, 'admin');
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await site?.close();
  });

  const row = async (id: number) => (await call<ImportRowView>(api, 'GET', ImportPaths.row(id), { token: admin.token })).body;
  async function settled(id: number, timeoutMs = 40000): Promise<ImportRowView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const current = await row(id);
      if (!isImportRowUnfinished(current.status) || Date.now() > deadline) return current;
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  it('fails the page that cannot be read in time, and only that one', async () => {
    const created = await call<CreateImportBatchResponse>(api, 'POST', ImportPaths.batches, {
      token: admin.token,
      body: { urls: [`${site.origin}/forum/endless`, `${site.origin}/forum/ordinary`] },
    });
    expect(created.status).toBe(201);
    const [endless, ordinary] = await Promise.all(created.body.batch!.rows.map((r) => settled(r.id)));
    expect(endless).toMatchObject({ status: 'failed', error: 'The page could not be read in time', question_id: null });
    expect(ordinary).toMatchObject({ status: 'saved', answers_created: 3 });
    // The worker's thread was replaced: the next page is read again.
    const again = await call<CreateImportBatchResponse>(api, 'POST', ImportPaths.batches, { token: admin.token, body: { urls: [`${site.origin}/forum/ordinary?again=1`] } });
    expect(await settled(again.body.batch!.rows[0]!.id)).toMatchObject({ status: 'saved', answers_created: 3 });
  });
});
