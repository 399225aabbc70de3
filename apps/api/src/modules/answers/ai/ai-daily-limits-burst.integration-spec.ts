import { AiRunListResponse, AiTexts } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { call, createUser, signIn } from '../../../../test/accounts-helpers';
import { AiFakes, FIXTURE_CANCER_TYPE, FIXTURE_QUESTION, startAiFakes } from './test/ai-test-env';

const LIMIT = 5;
const BURST = 30;

/**
 * Issue 27.1 and 27.3: the daily AI limits reserve before they check (in Redis, atomically), so a burst of Generate
 * clicks gets exactly the limit through: none past it (24 of a limit of 20 once did), and none refused early (counting
 * inserted rows refused 14 of 20 under a burst). No worker runs here: the queued jobs wait under a queue prefix of their own.
 */
describe('AI daily limits under a concurrent burst', () => {
  let fakes: AiFakes;
  const apis: RunningApi[] = [];
  beforeAll(async () => { fakes = await startAiFakes(); });
  afterAll(async () => {
    for (const api of apis) await api.close();
    await fakes?.close();
  });

  let suffix = 0;
  const start = async (env: Record<string, string>) => {
    const api = await startApi({ ...fakes.env, QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_aiburst${++suffix}`, ...env });
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

  it(`starts exactly ${LIMIT} of ${BURST} concurrent runs for one person (AI_DAILY_LIMIT_PER_USER)`, async () => {
    const api = await start({ AI_DAILY_LIMIT_PER_USER: String(LIMIT) });
    const admin = await signIn(api, await createUser(api, 'admin'));
    const ids = await questions(api, admin.token);
    const results = await generateAll(api, admin.token, ids);
    const started = results.filter((r) => r.status === 202);
    const refused = results.filter((r) => r.status === 429);
    expect(started.length).toBe(LIMIT);
    expect(refused.length).toBe(BURST - LIMIT);
    expect(new Set(refused.map((r) => r.body.message))).toEqual(new Set([AiTexts.dailyLimitUser(LIMIT)]));
    // Refused runs were taken back: only the started ones remain.
    expect(await runsOf(api.app.get(DataSource), ids)).toBe(started.length);
  });

  it(`starts exactly ${LIMIT} of ${BURST} concurrent runs of several people platform-wide (AI_DAILY_LIMIT_GLOBAL)`, async () => {
    const api = await start({ AI_DAILY_LIMIT_GLOBAL: String(LIMIT) });
    const admins = [await signIn(api, await createUser(api, 'admin')), await signIn(api, await createUser(api, 'admin')), await signIn(api, await createUser(api, 'admin'))];
    const ids = await questions(api, admins[0]!.token);
    const results = await Promise.all(ids.map((id, i) => call<{ message?: string }>(api, 'POST', `/api/questions/${id}/ai-answer`, { token: admins[i % 3]!.token, body: {} })));
    const started = results.filter((r) => r.status === 202).length;
    expect(started).toBe(LIMIT);
    const refused = results.filter((r) => r.status === 429);
    expect(refused.length).toBe(BURST - LIMIT);
    expect(new Set(refused.map((r) => r.body.message))).toEqual(new Set([AiTexts.dailyLimitGlobal]));
    expect(await runsOf(api.app.get(DataSource), ids)).toBe(LIMIT);
    // Admins see the limit and the platform's use.
    const limits = (await call<AiRunListResponse>(api, 'GET', '/api/admin/ai-runs', { token: admins[0]!.token })).body.limits!;
    expect(limits.ai).toMatchObject({ global: LIMIT, usedGlobal: LIMIT });
  });
});
