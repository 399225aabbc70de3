import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import type { AiRunQueryView } from '@cqa/contracts';
import { FakeAi, startFakeAi } from '../../../../../../tools/fake-ai/fake-ai-server';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { call, createUser, signIn } from '../../../../test/accounts-helpers';
import { finishedRun, startTestWorker } from './test/ai-test-env';

/**
 * What leaves the platform for an AI answer: the literature services get the question's medical content only. A local
 * stand-in for E-utilities, Europe PMC and ClinicalTrials.gov records every request and finds nothing, so the run
 * also broadens its search before answering.
 */
describe('AI answer retrieval sends nothing personal', () => {
  let fake: FakeAi;
  let api: RunningApi;
  let worker: INestApplicationContext;
  let server: http.Server;
  const sent: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      sent.push(decodeURIComponent(req.url ?? '').replace(/\+/g, ' '));
      res.writeHead(200, { 'content-type': 'application/json' });
      const url = req.url ?? '';
      if (url.includes('esearch')) return res.end(JSON.stringify({ esearchresult: { count: '0', retmax: '0', retstart: '0', idlist: [] } }));
      if (url.includes('/europepmc/')) return res.end(JSON.stringify({ hitCount: 0, resultList: { result: [] } }));
      return res.end(JSON.stringify({ studies: [], totalCount: 0 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    fake = await startFakeAi({ port: 0 });
    const env = {
      AI_BASE_URL: fake.url, AI_API_KEY: 'fake', AI_MODEL: 'fake-model', AI_MODEL_FAST: 'fake-model-fast', AI_TIMEOUT_MS: '5000',
      NCBI_EUTILS_BASE_URL: `${base}/eutils`, EUROPEPMC_BASE_URL: `${base}/europepmc`, CTGOV_BASE_URL: `${base}/ctgov`,
      CROSSREF_BASE_URL: `${base}/crossref`, NCBI_EMAIL: 'tests@example.test',
    };
    api = await startApi(env);
    worker = await startTestWorker(env);
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await fake?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('a question with a name, a place and a relative in it produces queries with none of them, all recorded for admins', async () => {
    const patient = await signIn(api, await createUser(api, 'patient'));
    const admin = await signIn(api, await createUser(api, 'admin'));
    const question =
      'Hi, I am Margaret Okafor from Ohio. My husband Desmond has been on prednisone for almost a year for his lung cancer. Is it safe to keep taking it?';
    const asked = await call<{ id: number }>(api, 'POST', '/api/questions', { token: patient.token, body: { question_text: question, cancer_type: 'Lung Cancer' } });
    expect(asked.status).toBe(201);
    const run = (await finishedRun(api, admin.token, asked.body.id, 40_000))!;
    expect(run.status).toBe('succeeded');
    const searches = sent.filter((url) => /esearch|\/europepmc\/search|\/ctgov\/studies/.test(url));
    expect(searches.length).toBeGreaterThanOrEqual(3);
    for (const url of searches) {
      expect(url).not.toMatch(/margaret|okafor|ohio|desmond|husband/i);
    }
    expect(searches.some((url) => /prednisone/i.test(url))).toBe(true);
    // Nothing came back: the run broadened (more than one step) before answering with insufficient evidence.
    const audit = await call<AiRunQueryView[]>(api, 'GET', `/api/admin/ai-runs/${run.id}/queries`, { token: admin.token });
    expect(audit.status).toBe(200);
    expect(new Set(audit.body.map((q) => q.step)).size).toBeGreaterThan(1);
    expect(audit.body.every((q) => !/margaret|okafor|ohio|desmond|husband/i.test(q.query))).toBe(true);
    expect(audit.body[0]).toMatchObject({ step: 0, source: 'planner', found: 0, error: null });
    expect((await call(api, 'GET', `/api/admin/ai-runs/${run.id}/queries`, { token: patient.token })).status).toBe(403);
  });
});
