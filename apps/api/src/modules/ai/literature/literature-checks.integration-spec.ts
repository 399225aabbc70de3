import type { INestApplicationContext } from '@nestjs/common';
import type { AiAnswerDetails, QuestionDetail } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { call, createUser, signIn } from '../../../../test/accounts-helpers';
import { RunningApi, startApi } from '../../../../test/api-harness';
import {
  AiFakes, finishedRun, FIXTURE_CANCER_TYPE, FIXTURE_QUESTION, startAiFakes, startTestWorker,
} from '../../answers/ai/test/ai-test-env';

/**
 * Issue 24, defect 5: an identifier check that fails for a passing reason must not withhold the claims citing it.
 * Crossref answers 503 through the first attempt's verifying step (four retraction checks, which may fail, then the
 * preprint's DOI check, which may not); the job's retry checks again and the answer publishes with every source.
 */
describe('AI answers: a failed identifier check is retried, never a withheld claim', () => {
  let fakes: AiFakes;
  let api: RunningApi;
  let worker: INestApplicationContext | undefined;
  let patient: { token: string };
  let ds: DataSource;

  beforeAll(async () => {
    fakes = await startAiFakes();
    const env = { ...fakes.env, QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_idchecks` };
    api = await startApi(env);
    worker = await startTestWorker(env);
    patient = await signIn(api, await createUser(api, 'patient'));
    ds = api.app.get(DataSource);
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await fakes?.close();
  });
  afterEach(() => {
    fakes.literature.failApi('crossref', null);
    expect(fakes.literature.unmatched()).toEqual([]);
  });

  it('a Crossref outage while checking a DOI fails the attempt; the retry confirms the DOI and publishes', async () => {
    fakes.literature.failApi('crossref', 503, { times: 5 });
    const asked = await call<{ id: number }>(api, 'POST', '/api/questions', {
      token: patient.token, body: { question_text: FIXTURE_QUESTION, cancer_type: FIXTURE_CANCER_TYPE },
    });
    expect(asked.status).toBe(201);
    const run = (await finishedRun(api, patient.token, asked.body.id, 45_000))!;
    expect(run).toMatchObject({ status: 'succeeded', error: null });
    const [row] = (await ds.query('SELECT attempts FROM ai_runs WHERE id = ?', [run.id])) as Array<{ attempts: number }>;
    // The first attempt stopped at the check it could not make; it did not publish without it.
    expect(Number(row.attempts)).toBe(2);
    const crossref = fakes.literature.requests().filter((r) => r.key.startsWith('GET /crossref/'));
    expect(crossref.filter((r) => r.key === 'GET /crossref/works/10.5555/preprint.2024.010').length).toBeGreaterThanOrEqual(4);

    const detail = (await call<QuestionDetail>(api, 'GET', `/api/questions/${asked.body.id}`, { token: patient.token })).body;
    const details = detail.answers.ai[0].ai_details as AiAnswerDetails;
    expect(details.status).toBe('answered');
    expect(details.excluded_sources.filter((s) => s.reason === 'identifier could not be confirmed')).toEqual([]);
    expect(details.sources.length).toBeGreaterThan(0);
  });
});
