import { AiTexts } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { call, createUser, signIn } from '../../../../test/accounts-helpers';
import { AiFakes, FIXTURE_CANCER_TYPE, FIXTURE_QUESTION, startAiFakes } from './test/ai-test-env';

const LIMIT = 5;
const BURST = 20;

/**
 * Issue 27.1: the daily AI limits reserve before they check, so a burst of Generate clicks cannot all pass a count read
 * before any of them was inserted. No worker runs here: the queued jobs wait under a queue prefix of their own.
 */
describe('AI daily limits under a concurrent burst', () => {
  let fakes: AiFakes;
  const apis: RunningApi[] = [];
  beforeAll(async () => { fakes = await startAiFakes(); });
  afterAll(async () => {
    for (const api of apis) await api.close();
    await fakes?.close();
  });

  const start = async (env: Record<string, string>) => {
    const api = await startApi({ ...fakes.env, QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_aiburst`, ...env });
    apis.push(api);
    return api;
  };
  const questions = async (api: RunningApi, token: string) => {
    const ids: number[] = [];
    for (let i = 0; i < BURST; i++) {
      const res = await call<{ id: number }>(api, 'POST', '/api/questions', { token, body: { question_text: `${FIXTURE_QUESTION} (${i})`, cancer_type: FIXTURE_CANCER_TYPE } });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    return ids;
  };
  const generateAll = (api: RunningApi, token: string, ids: number[]) =>
    Promise.all(ids.map((id) => call<{ message?: string }>(api, 'POST', `/api/questions/${id}/ai-answer`, { token, body: {} })));
  const runsOf = async (ds: DataSource, ids: number[]) =>
    Number(((await ds.query(`SELECT COUNT(*) AS n FROM ai_runs WHERE question_id IN (${ids.map(() => '?').join(',')})`, ids)) as { n: string }[])[0]!.n);

  it(`starts at most ${LIMIT} of ${BURST} concurrent runs for one person (AI_DAILY_LIMIT_PER_USER)`, async () => {
    const api = await start({ AI_DAILY_LIMIT_PER_USER: String(LIMIT) });
    const admin = await signIn(api, await createUser(api, 'admin'));
    const ids = await questions(api, admin.token);
    const results = await generateAll(api, admin.token, ids);
    const started = results.filter((r) => r.status === 202);
    const refused = results.filter((r) => r.status === 429);
    expect(started.length + refused.length).toBe(BURST);
    expect(started.length).toBeLessThanOrEqual(LIMIT);
    expect(started.length).toBeGreaterThan(0);
    expect(new Set(refused.map((r) => r.body.message))).toEqual(new Set([AiTexts.dailyLimitUser(LIMIT)]));
    // Refused runs were taken back: only the started ones remain.
    expect(await runsOf(api.app.get(DataSource), ids)).toBe(started.length);
  });

  it(`starts at most ${LIMIT} more runs platform-wide (AI_DAILY_LIMIT_GLOBAL)`, async () => {
    const probe = await start({});
    const ds = probe.app.get(DataSource);
    const [{ n }] = (await ds.query('SELECT COUNT(*) AS n FROM ai_runs WHERE created_at >= NOW(3) - INTERVAL 24 HOUR')) as { n: string }[];
    const api = await start({ AI_DAILY_LIMIT_GLOBAL: String(Number(n) + LIMIT) });
    const admin = await signIn(api, await createUser(api, 'admin'));
    const ids = await questions(api, admin.token);
    const results = await generateAll(api, admin.token, ids);
    const started = results.filter((r) => r.status === 202).length;
    expect(started).toBeLessThanOrEqual(LIMIT);
    expect(started).toBeGreaterThan(0);
    expect(results.filter((r) => r.status === 429).every((r) => r.body.message === AiTexts.dailyLimitGlobal)).toBe(true);
    expect(await runsOf(ds, ids)).toBe(started);
  });
});
