import { AiRunListResponse, ResearchPlan, ResearchRunView, ResearchStatus, ResearchTexts } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { call, createUser, signIn } from '../../../../test/accounts-helpers';
import { AiFakes, FIXTURE_CANCER_TYPE, FIXTURE_QUESTION, startAiFakes } from '../ai/test/ai-test-env';
import { ResearchRunLifecycle } from './research-run-lifecycle';

jest.setTimeout(120_000);

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
 * Issue 45: each transition of a run leaves one status only. From any other it is refused (409 over HTTP) and the
 * daily budgets stay as they were: no start or tokens taken, no hold given back. No worker runs: the run's states are
 * set in the database where a test needs them.
 */
describe('research run lifecycle: a transition from the wrong status is refused and leaves the budgets untouched', () => {
  let fakes: AiFakes;
  let api: RunningApi;
  let ds: DataSource;
  let admin: string;
  let n = 0;

  beforeAll(async () => {
    fakes = await startAiFakes();
    api = await startApi({ ...fakes.env, QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_rlifecycle`, RESEARCH_MAX_TOKENS: String(MAX_TOKENS), RESEARCH_RECHECK_CRON: '' });
    ds = api.app.get(DataSource);
    admin = (await signIn(api, await createUser(api, 'admin'))).token;
  });
  afterAll(async () => {
    await api?.close();
    await fakes?.close();
  });

  const used = async () => {
    const { research } = (await call<AiRunListResponse>(api, 'GET', '/api/admin/ai-runs', { token: admin })).body.limits!;
    return { starts: research.starts.usedGlobal, tokens: research.tokens.usedGlobal };
  };
  /** A new run of a new question, started over HTTP (one start taken), then set to `status`. */
  const runIn = async (status: ResearchStatus, fields = '') => {
    const q = await call<{ id: number }>(api, 'POST', '/api/questions', { token: admin, body: { question_text: `${FIXTURE_QUESTION} (${++n})`, cancer_type: FIXTURE_CANCER_TYPE } });
    const started = await call<ResearchRunView>(api, 'POST', `/api/questions/${q.body.id}/research`, { token: admin });
    expect(started.status).toBe(201);
    await ds.query(`UPDATE research_runs SET status = ?, plan = ? ${fields} WHERE id = ?`, [status, JSON.stringify(PLAN), started.body.id]);
    return { questionId: q.body.id, runId: started.body.id, path: `/api/questions/${q.body.id}/research/${started.body.id}` };
  };
  const statusOf = async (runId: number) => ((await ds.query('SELECT status FROM research_runs WHERE id = ?', [runId])) as { status: string }[])[0]!.status;

  it.each<ResearchStatus>(['planning', 'queued', 'running', 'failed', 'completed', 'cancelled'])('approve from %s: 409, no tokens taken', async (status) => {
    const run = await runIn(status);
    const before = await used();
    const res = await call<{ message: string }>(api, 'POST', `${run.path}/approve`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ResearchTexts.planNotEditable);
    expect(await statusOf(run.runId)).toBe(status);
    expect(await used()).toEqual(before);
  });

  it.each<ResearchStatus>(['planning', 'awaiting_approval', 'queued', 'running', 'completed', 'cancelled'])('retry from %s: 409, no start taken', async (status) => {
    const run = await runIn(status, ', plan_approved_at = CURRENT_TIMESTAMP(3)');
    const before = await used();
    const res = await call<{ message: string }>(api, 'POST', `${run.path}/retry`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ResearchTexts.notRetryable);
    expect(await statusOf(run.runId)).toBe(status);
    expect(await used()).toEqual(before);
  });

  it('an approved run keeps its token hold through a refused complete, fail or cancel; cancelled from running, the hold goes back', async () => {
    const run = await runIn('awaiting_approval');
    expect((await call(api, 'POST', `${run.path}/approve`, { token: admin })).status).toBe(200);
    const approved = await used();
    expect(approved.tokens).toBe(MAX_TOKENS);
    const lifecycle = api.app.get(ResearchRunLifecycle);

    await ds.query("UPDATE research_runs SET status = 'queued' WHERE id = ?", [run.runId]);
    await expect(lifecycle.complete(run.runId)).resolves.toBe(false);
    await ds.query("UPDATE research_runs SET status = 'awaiting_approval' WHERE id = ?", [run.runId]);
    await expect(lifecycle.fail(run.runId, 'boom', 'search-0')).resolves.toBe(false);
    await ds.query("UPDATE research_runs SET status = 'completed' WHERE id = ?", [run.runId]);
    const refused = await call<{ message: string }>(api, 'POST', `${run.path}/cancel`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ResearchTexts.notCancellable);
    expect(await used()).toEqual(approved);

    await ds.query("UPDATE research_runs SET status = 'running', prompt_tokens = 200, completion_tokens = 100 WHERE id = ?", [run.runId]);
    expect((await call(api, 'POST', `${run.path}/cancel`, { token: admin })).status).toBe(200);
    expect(await used()).toEqual({ ...approved, tokens: approved.tokens - (MAX_TOKENS - 300) });
  });
});
