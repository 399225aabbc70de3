import { AiRunListResponse, ResearchPlan, ResearchRunView, ResearchTexts } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { call, createUser, signIn } from '../../../../test/accounts-helpers';
import { AiFakes, FIXTURE_CANCER_TYPE, FIXTURE_QUESTION, startAiFakes, startTestWorker } from '../ai/test/ai-test-env';
import { waitFor } from '../../../../test/worker-harness';

jest.setTimeout(120_000);

const LIMIT = 5;
const BURST = 30;
const MAX_TOKENS = 1000;
const PLAN: ResearchPlan = {
  subQuestions: [
    { question: 'Does exercise reduce fatigue?', queries: { pubmed: 'exercise fatigue chemotherapy', europepmc: '', ctgov: '' } },
    { question: 'Which exercise works best?', queries: { pubmed: 'aerobic resistance exercise fatigue', europepmc: '', ctgov: '' } },
  ],
  inclusionCriteria: ['Trials in people having chemotherapy'],
  yearFrom: 2010,
  yearTo: 2024,
};

/**
 * Issue 27.3: deep research's daily budgets are taken before the run starts (starts) and at plan approval (tokens),
 * atomically in Redis, so a concurrent burst gets exactly the limit through. No worker runs: queued jobs wait under a
 * queue prefix of each test's own, which also gives each test fresh counters.
 */
describe('deep research daily budgets under a concurrent burst', () => {
  let fakes: AiFakes;
  const apis: RunningApi[] = [];
  let suffix = 0;
  beforeAll(async () => { fakes = await startAiFakes(); });
  afterAll(async () => {
    for (const api of apis) await api.close();
    await fakes?.close();
  });

  const start = async (env: Record<string, string>) => {
    const api = await startApi({
      ...fakes.env, QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_rbudget${++suffix}`, RESEARCH_MAX_TOKENS: String(MAX_TOKENS), RESEARCH_RECHECK_CRON: '',
      RESEARCH_DAILY_STARTS_PER_USER: '1000', ...env,
    });
    apis.push(api);
    return api;
  };
  const questions = async (api: RunningApi, token: string, n = BURST) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await call<{ id: number }>(api, 'POST', '/api/questions', { token, body: { question_text: `${FIXTURE_QUESTION} (${suffix}.${i})`, cancer_type: FIXTURE_CANCER_TYPE } });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    return ids;
  };
  const runsOf = async (ds: DataSource, ids: number[]) =>
    Number(((await ds.query(`SELECT COUNT(*) AS n FROM research_runs WHERE question_id IN (${ids.map(() => '?').join(',')})`, ids)) as { n: string }[])[0]!.n);
  /** Runs whose plan the (absent) worker would have proposed: the state an approval starts from. */
  const awaitingApproval = async (api: RunningApi, token: string, ids: number[]) => {
    const runs: { questionId: number; runId: number }[] = [];
    for (const questionId of ids) {
      const res = await call<ResearchRunView>(api, 'POST', `/api/questions/${questionId}/research`, { token });
      expect(res.status).toBe(201);
      runs.push({ questionId, runId: res.body.id });
    }
    await api.app.get(DataSource).query(
      `UPDATE research_runs SET status = 'awaiting_approval', plan = ? WHERE id IN (${runs.map(() => '?').join(',')})`,
      [JSON.stringify(PLAN), ...runs.map((r) => r.runId)],
    );
    return runs;
  };
  const approve = (api: RunningApi, token: string, run: { questionId: number; runId: number }) =>
    call<{ message?: string }>(api, 'POST', `/api/questions/${run.questionId}/research/${run.runId}/approve`, { token });
  const limits = async (api: RunningApi, token: string) =>
    (await call<AiRunListResponse>(api, 'GET', '/api/admin/ai-runs', { token })).body.limits!;

  it(`starts exactly ${LIMIT} of ${BURST} concurrent runs for one person (RESEARCH_DAILY_STARTS_PER_USER)`, async () => {
    const api = await start({ RESEARCH_DAILY_STARTS_PER_USER: String(LIMIT) });
    const admin = await signIn(api, await createUser(api, 'admin'));
    const ids = await questions(api, admin.token);
    const results = await Promise.all(ids.map((id) => call<{ message?: string }>(api, 'POST', `/api/questions/${id}/research`, { token: admin.token })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(LIMIT);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(BURST - LIMIT);
    expect(new Set(refused.map((r) => r.body.message))).toEqual(new Set([ResearchTexts.dailyStartsUser(LIMIT)]));
    expect(await runsOf(api.app.get(DataSource), ids)).toBe(LIMIT);
    // A refused start took nothing: the platform counted only the five.
    expect((await limits(api, admin.token)).research.starts).toMatchObject({ perUser: LIMIT, usedGlobal: LIMIT });
  });

  it(`starts exactly ${LIMIT} of ${BURST} concurrent runs of several people platform-wide (RESEARCH_DAILY_STARTS_GLOBAL)`, async () => {
    const api = await start({ RESEARCH_DAILY_STARTS_GLOBAL: String(LIMIT) });
    const admins = [await signIn(api, await createUser(api, 'admin')), await signIn(api, await createUser(api, 'admin')), await signIn(api, await createUser(api, 'expert'))];
    const ids = await questions(api, admins[0]!.token);
    const results = await Promise.all(ids.map((id, i) => call<{ message?: string }>(api, 'POST', `/api/questions/${id}/research`, { token: admins[i % admins.length]!.token })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(LIMIT);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(BURST - LIMIT);
    expect(new Set(refused.map((r) => r.body.message))).toEqual(new Set([ResearchTexts.dailyStartsGlobal]));
    expect(await runsOf(api.app.get(DataSource), ids)).toBe(LIMIT);
  });

  it(`approves exactly ${LIMIT} of ${BURST} concurrent plans of one person (RESEARCH_DAILY_TOKENS_PER_USER), and a cancel gives its tokens back`, async () => {
    const api = await start({ RESEARCH_DAILY_TOKENS_PER_USER: String(LIMIT * MAX_TOKENS) });
    const admin = await signIn(api, await createUser(api, 'admin'));
    const runs = await awaitingApproval(api, admin.token, await questions(api, admin.token));
    const results = await Promise.all(runs.map((run) => approve(api, admin.token, run)));
    const approved = runs.filter((_, i) => results[i]!.status === 200);
    expect(approved).toHaveLength(LIMIT);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(BURST - LIMIT);
    expect(new Set(refused.map((r) => r.body.message))).toEqual(new Set([ResearchTexts.dailyTokensUser(LIMIT * MAX_TOKENS)]));
    const ds = api.app.get(DataSource);
    const [{ n }] = (await ds.query(
      `SELECT COUNT(*) AS n FROM research_runs WHERE status IN ('running', 'queued') AND id IN (${runs.map(() => '?').join(',')})`, runs.map((r) => r.runId),
    )) as { n: string }[];
    expect(Number(n)).toBe(LIMIT);
    expect((await limits(api, admin.token)).research.tokens.usedGlobal).toBe(LIMIT * MAX_TOKENS);

    // A cancelled run that used 300 tokens keeps those and gives the other 700 back: one more approval fits, not two.
    await ds.query('UPDATE research_runs SET prompt_tokens = 200, completion_tokens = 100 WHERE id = ?', [approved[0]!.runId]);
    const cancelled = await call(api, 'POST', `/api/questions/${approved[0]!.questionId}/research/${approved[0]!.runId}/cancel`, { token: admin.token });
    expect(cancelled.status).toBe(200);
    expect((await limits(api, admin.token)).research.tokens.usedGlobal).toBe(LIMIT * MAX_TOKENS - 700);
    const waiting = runs.filter((_, i) => results[i]!.status === 429);
    expect((await approve(api, admin.token, waiting[0]!)).status).toBe(429);
    await ds.query('UPDATE research_runs SET prompt_tokens = 0, completion_tokens = 0 WHERE id = ?', [approved[1]!.runId]);
    await call(api, 'POST', `/api/questions/${approved[1]!.questionId}/research/${approved[1]!.runId}/cancel`, { token: admin.token });
    expect((await approve(api, admin.token, waiting[0]!)).status).toBe(200);
    expect((await approve(api, admin.token, waiting[1]!)).status).toBe(429);
  });

  it('gives back what a run did not use when the worker ends it: the platform keeps only the tokens the run spent', async () => {
    const runLimit = 1_000_000;
    const env = { RESEARCH_MAX_TOKENS: String(runLimit), RESEARCH_DAILY_TOKENS_GLOBAL: String(3 * runLimit) };
    const api = await start(env);
    const worker = await startTestWorker({ ...fakes.env, QUEUE_PREFIX: api.config.queuePrefix, RESEARCH_RECHECK_CRON: '', ...env });
    try {
      const admin = await signIn(api, await createUser(api, 'admin'));
      const [run] = await awaitingApproval(api, admin.token, await questions(api, admin.token, 1));
      expect((await approve(api, admin.token, run!)).status).toBe(200);
      expect((await limits(api, admin.token)).research.tokens.usedGlobal).toBe(runLimit);
      const ds = api.app.get(DataSource);
      const ended = await waitFor(
        async () => ((await ds.query('SELECT status, prompt_tokens, completion_tokens FROM research_runs WHERE id = ?', [run!.runId])) as {
          status: string; prompt_tokens: number; completion_tokens: number;
        }[])[0]!,
        (r) => r.status === 'completed' || r.status === 'failed',
        90_000,
      );
      expect(['completed', 'failed']).toContain(ended.status);
      const spent = Number(ended.prompt_tokens) + Number(ended.completion_tokens);
      expect(spent).toBeLessThan(runLimit);
      expect(await waitFor(async () => (await limits(api, admin.token)).research.tokens.usedGlobal, (used) => used === spent, 10_000)).toBe(spent);
    } finally {
      await worker.close();
    }
  });

  it(`approves exactly ${LIMIT} of ${BURST} concurrent plans of several people platform-wide (RESEARCH_DAILY_TOKENS_GLOBAL)`, async () => {
    const api = await start({ RESEARCH_DAILY_TOKENS_GLOBAL: String(LIMIT * MAX_TOKENS) });
    const people = [await signIn(api, await createUser(api, 'admin')), await signIn(api, await createUser(api, 'admin'))];
    const runs = await awaitingApproval(api, people[0]!.token, await questions(api, people[0]!.token));
    const results = await Promise.all(runs.map((run, i) => approve(api, people[i % 2]!.token, run)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(LIMIT);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(BURST - LIMIT);
    expect(new Set(refused.map((r) => r.body.message))).toEqual(new Set([ResearchTexts.dailyTokensGlobal]));
    const usage = await limits(api, people[0]!.token);
    expect(usage.research.tokens).toMatchObject({ global: LIMIT * MAX_TOKENS, usedGlobal: LIMIT * MAX_TOKENS });
    expect(usage.ai).toEqual(expect.objectContaining({ perUser: expect.any(Number), global: expect.any(Number), usedGlobal: expect.any(Number) }));
  });
});
