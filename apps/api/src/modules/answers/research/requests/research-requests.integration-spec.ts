import {
  AiRunListResponse, QuestionDetail, RESEARCH_REQUESTS_PER_HOUR, ResearchLatest, ResearchQueueResponse, ResearchRequestPaths, ResearchRequestTexts, ResearchRequestView,
  ResearchRunView, ResearchTexts,
} from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RedisClient } from '../../../../queues/redis-client.provider';
import { RunningApi, startApi } from '../../../../../test/api-harness';
import { call, createUser, signIn } from '../../../../../test/accounts-helpers';
import { AiFakes, FIXTURE_CANCER_TYPE, FIXTURE_QUESTION, startAiFakes } from '../../ai/test/ai-test-env';

jest.setTimeout(120_000);

/**
 * Issue 38: deep research a patient asks for. No worker runs here: a taken request's plan job waits in a queue of this
 * suite's own prefix; the run's states are set in the database where a test needs them.
 */
describe('deep research requests', () => {
  let fakes: AiFakes;
  let api: RunningApi;
  let ds: DataSource;
  let owner: string;
  let other: string;
  let expert: string;
  let expert2: string;
  let admin: string;
  let n = 0;

  beforeAll(async () => {
    fakes = await startAiFakes();
    api = await startApi({
      ...fakes.env, QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_rrequests`, RESEARCH_RECHECK_CRON: '', RESEARCH_DAILY_STARTS_PER_USER: '3',
    });
    ds = api.app.get(DataSource);
    [owner, other, expert, expert2, admin] = await Promise.all([
      signIn(api, await createUser(api, 'patient')), signIn(api, await createUser(api, 'patient')), signIn(api, await createUser(api, 'expert')),
      signIn(api, await createUser(api, 'expert')), signIn(api, await createUser(api, 'admin')),
    ]).then((s) => s.map((x) => x.token));
  });
  afterAll(async () => {
    await api?.close();
    await fakes?.close();
  });
  beforeEach(async () => {
    // Each test starts with fresh budgets and rate limits (they are per day and per hour).
    const { redis } = api.app.get(RedisClient);
    const prefix = `${api.config.queuePrefix}:app:`;
    const keys = await redis.keys(`${prefix}research:*`);
    for (const key of keys) await redis.del(key.slice(prefix.length));
  });

  const ask = async (token = owner) => {
    const res = await call<{ id: number }>(api, 'POST', '/api/questions', { token, body: { question_text: `${FIXTURE_QUESTION} (${++n})`, cancer_type: FIXTURE_CANCER_TYPE } });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const request = (questionId: number, token = owner) => call<ResearchRequestView & { message?: string }>(api, 'POST', ResearchRequestPaths.request(questionId), { token });
  const latest = async (questionId: number, token: string) => (await call<ResearchLatest>(api, 'GET', `/api/questions/${questionId}/research`, { token })).body;
  const queue = async (token: string) => (await call<ResearchQueueResponse>(api, 'GET', ResearchRequestPaths.queue, { token })).body;
  const requestId = async (questionId: number) =>
    Number(((await ds.query('SELECT id FROM research_requests WHERE question_id = ?', [questionId])) as { id: string }[])[0]!.id);

  it('lets the asker request once; a duplicate is refused, another patient can neither request nor see it', async () => {
    const q = await ask();
    const first = await request(q);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ questionId: q, state: 'requested', declineReason: null });
    const again = await request(q);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ResearchRequestTexts.duplicate);
    const byOther = await request(q, other);
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toBe(ResearchRequestTexts.notYourQuestion);
    expect((await call(api, 'POST', ResearchRequestPaths.request(q), { token: expert })).status).toBe(403);
    expect((await call(api, 'DELETE', ResearchRequestPaths.request(q), { token: other })).status).toBe(403);
    expect((await call(api, 'POST', ResearchRequestPaths.request(q))).status).toBe(401);
    expect(await latest(q, owner)).toMatchObject({ request: { state: 'requested' }, mayRequest: false });
    expect(await latest(q, other)).toMatchObject({ request: null, mayRequest: false });
    const detail = (await call<QuestionDetail>(api, 'GET', `/api/questions/${q}`, { token: owner })).body;
    expect(detail.glance!.deep_research.request).toBe('requested');
    const seenByOther = (await call<QuestionDetail>(api, 'GET', `/api/questions/${q}`, { token: other })).body;
    expect(seenByOther.glance!.deep_research.request).toBeUndefined();
    // Only the one row: the duplicate queued nothing.
    expect(await ds.query('SELECT id FROM research_requests WHERE question_id = ?', [q])).toHaveLength(1);
  });

  it('lets one of a burst of concurrent requests on a question through, taking one start from the budgets', async () => {
    const q = await ask();
    const results = await Promise.all(Array.from({ length: 12 }, () => request(q)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 409 || r.status === 429)).toBe(true);
    expect(await ds.query('SELECT id FROM research_requests WHERE question_id = ?', [q])).toHaveLength(1);
    const limits = (await call<AiRunListResponse>(api, 'GET', '/api/admin/ai-runs', { token: admin })).body.limits!;
    expect(limits.research.starts.usedGlobal).toBe(1);
  });

  it('refuses a request over the daily budget with its message and queues nothing', async () => {
    const qs = [await ask(), await ask(), await ask(), await ask()];
    for (const q of qs.slice(0, 3)) expect((await request(q)).status).toBe(201);
    const over = await request(qs[3]!);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(ResearchTexts.dailyStartsUser(3));
    expect(await ds.query('SELECT id FROM research_requests WHERE question_id = ?', [qs[3]])).toHaveLength(0);
    expect((await queue(admin)).items.map((i) => i.questionId)).not.toContain(qs[3]);
    // Cancelling before review gives the start back: the fourth now fits.
    expect((await call(api, 'DELETE', ResearchRequestPaths.request(qs[0]!), { token: owner })).status).toBe(200);
    expect((await request(qs[3]!)).status).toBe(201);
  });

  it('gives a start back only to the window it was taken from: a request cancelled after its window ended credits nothing', async () => {
    const stale = await ask();
    expect((await request(stale)).status).toBe(201);
    // The request's 24 hours end while it waits: its counters expire (the request itself, and its hold, remain).
    const { redis } = api.app.get(RedisClient);
    const prefix = `${api.config.queuePrefix}:app:`;
    const counters = (await redis.keys(`${prefix}research:starts:*`)).map((key) => key.slice(prefix.length)).filter((key) => !key.includes(':hold:'));
    expect(counters).toHaveLength(2);
    for (const key of counters) await redis.pexpire(key, 1);
    for (const key of counters) while ((await redis.exists(key)) === 1) await new Promise((resolve) => setTimeout(resolve, 5));
    const fresh = [await ask(), await ask(), await ask(), await ask()];
    for (const q of fresh.slice(0, 3)) expect((await request(q)).status).toBe(201);
    expect((await call(api, 'DELETE', ResearchRequestPaths.request(stale), { token: owner })).status).toBe(200);
    // The new window counted three starts and still does: the stale request's start is not a credit against it.
    const limits = (await call<AiRunListResponse>(api, 'GET', '/api/admin/ai-runs', { token: admin })).body.limits!;
    expect(limits.research.starts.usedGlobal).toBe(3);
    const over = await request(fresh[3]!);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(ResearchTexts.dailyStartsUser(3));
  });

  it(`limits a patient to ${RESEARCH_REQUESTS_PER_HOUR} requests an hour, cancelled ones included`, async () => {
    const q = await ask();
    for (let i = 0; i < RESEARCH_REQUESTS_PER_HOUR; i++) {
      expect((await request(q)).status).toBe(201);
      expect((await call(api, 'DELETE', ResearchRequestPaths.request(q), { token: owner })).status).toBe(200);
    }
    const refused = await request(q);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(ResearchRequestTexts.rateLimited(RESEARCH_REQUESTS_PER_HOUR));
  });

  it('lists open requests oldest first; the first reviewer wins, the other is told; the patient follows the run', async () => {
    const [q1, q2] = [await ask(), await ask()];
    expect((await request(q1)).status).toBe(201);
    expect((await request(q2)).status).toBe(201);
    await ds.query('UPDATE research_requests SET created_at = created_at - INTERVAL 1 HOUR WHERE question_id = ?', [q1]);
    expect((await call(api, 'GET', ResearchRequestPaths.queue, { token: owner })).status).toBe(403);
    const listed = (await queue(expert)).items;
    const mine = listed.filter((i) => i.questionId === q1 || i.questionId === q2);
    expect(mine.map((i) => i.questionId)).toEqual([q1, q2]);
    expect(mine[0]).toMatchObject({ status: 'requested', state: 'requested', cancerType: FIXTURE_CANCER_TYPE });
    const created = listed.map((i) => i.createdAt);
    expect([...created].sort()).toEqual(created);

    const id = await requestId(q1);
    const [a, b] = await Promise.all([
      call<ResearchRunView & { message?: string }>(api, 'POST', ResearchRequestPaths.take(id), { token: expert }),
      call<ResearchRunView & { message?: string }>(api, 'POST', ResearchRequestPaths.take(id), { token: expert2 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.message).toBe(ResearchRequestTexts.alreadyTaken);
    const run = [a, b].find((r) => r.status === 200)!.body;
    expect(run).toMatchObject({ questionId: q1, status: 'planning' });
    expect(await ds.query('SELECT id FROM research_runs WHERE question_id = ?', [q1])).toHaveLength(1);
    // The request's start paid for the run: the reviewer's own budget is untouched.
    const [row] = (await ds.query('SELECT run_id, status FROM research_requests WHERE id = ?', [id])) as { run_id: string; status: string }[];
    expect(row).toEqual({ run_id: String(run.id), status: 'taken' });
    expect((await latest(q1, owner)).request).toMatchObject({ state: 'plan_review' });
    expect((await call(api, 'DELETE', ResearchRequestPaths.request(q1), { token: owner })).status).toBe(409);

    for (const [status, stage, state] of [['running', 'search', 'searching'], ['running', 'screen', 'screening'], ['running', 'verify', 'writing'], ['completed', 'done', 'not_completed'], ['failed', 'extract', 'not_completed']]) {
      await ds.query('UPDATE research_runs SET status = ?, stage = ?, error = ? WHERE id = ?', [status, stage, status === 'failed' ? 'Literature search failed' : null, run.id]);
      expect((await latest(q1, owner)).request!.state).toBe(state);
      const detail = (await call<QuestionDetail>(api, 'GET', `/api/questions/${q1}`, { token: owner })).body;
      expect(detail.glance!.deep_research.request).toBe(state);
    }
    // Staff see the failure's reason in the queue (and retry it from the question).
    expect((await queue(admin)).items.find((i) => i.questionId === q1)).toMatchObject({ state: 'not_completed', error: 'Literature search failed' });
    // The failed run reveals nothing of its error to the patient.
    expect((await latest(q1, owner)).run).toBeNull();
  });

  it('declines with a reason only the asker (and staff) see, and tells the asker like an answer', async () => {
    const q = await ask();
    expect((await request(q)).status).toBe(201);
    const id = await requestId(q);
    const reason = 'Your question is answered well by the expert answer already; deep research would add nothing.';
    expect((await call(api, 'POST', ResearchRequestPaths.decline(id), { token: expert, body: { reason: 'no' } })).status).toBe(400);
    expect((await call(api, 'POST', ResearchRequestPaths.decline(id), { token: owner, body: { reason } })).status).toBe(403);
    await ds.query('UPDATE cancer_questions SET owner_seen_at = CURRENT_TIMESTAMP(3) - INTERVAL 1 SECOND WHERE id = ?', [q]);
    const declined = await call<ResearchRequestView>(api, 'POST', ResearchRequestPaths.decline(id), { token: expert, body: { reason } });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ state: 'declined', declineReason: reason });
    const taken = await call<{ message: string }>(api, 'POST', ResearchRequestPaths.take(id), { token: expert2 });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(ResearchRequestTexts.alreadyTaken);
    expect((await latest(q, owner)).request).toMatchObject({ state: 'declined', declineReason: reason });
    expect((await latest(q, other)).request).toBeNull();
    expect((await latest(q, admin)).request).toMatchObject({ declineReason: reason });
    expect((await queue(expert)).items.map((i) => i.questionId)).not.toContain(q);
    // The answer e-mail's outbox row and the "New answers" mark.
    expect(await ds.query("SELECT id FROM answer_events WHERE question_id = ? AND answer_kind = 'research_declined'", [q])).toHaveLength(1);
    const [{ fresh }] = (await ds.query('SELECT last_answer_at > owner_seen_at AS fresh FROM cancer_questions WHERE id = ?', [q])) as { fresh: string }[];
    expect(Number(fresh)).toBe(1);
    // Declining again, or asking again, is refused.
    expect((await call(api, 'POST', ResearchRequestPaths.decline(id), { token: expert2, body: { reason } })).status).toBe(409);
    expect((await request(q)).status).toBe(409);
  });

  it('takes a request whose question has a run under way already (started by hand) by following that run', async () => {
    const q = await ask();
    expect((await request(q)).status).toBe(201);
    const manual = await call<ResearchRunView>(api, 'POST', `/api/questions/${q}/research`, { token: admin });
    expect(manual.status).toBe(201);
    const taken = await call<ResearchRunView>(api, 'POST', ResearchRequestPaths.take(await requestId(q)), { token: expert });
    expect(taken.status).toBe(200);
    expect(taken.body.id).toBe(manual.body.id);
    expect(await ds.query('SELECT id FROM research_runs WHERE question_id = ?', [q])).toHaveLength(1);
    expect((await latest(q, owner)).request).toMatchObject({ state: 'plan_review' });
  });

  it('declines a taken request while its plan is under review (its run is cancelled), not once its search started', async () => {
    const [q1, q2] = [await ask(), await ask()];
    await request(q1);
    await request(q2);
    const [id1, id2] = [await requestId(q1), await requestId(q2)];
    const run1 = (await call<ResearchRunView>(api, 'POST', ResearchRequestPaths.take(id1), { token: admin })).body;
    const run2 = (await call<ResearchRunView>(api, 'POST', ResearchRequestPaths.take(id2), { token: admin })).body;
    const reason = 'This needs a specialist consultation rather than a literature review.';
    const ok = await call<ResearchRequestView>(api, 'POST', ResearchRequestPaths.decline(id1), { token: expert, body: { reason } });
    expect(ok.status).toBe(200);
    expect(((await ds.query('SELECT status FROM research_runs WHERE id = ?', [run1.id])) as { status: string }[])[0]!.status).toBe('cancelled');
    await ds.query("UPDATE research_runs SET status = 'running', stage = 'search' WHERE id = ?", [run2.id]);
    const late = await call<{ message: string }>(api, 'POST', ResearchRequestPaths.decline(id2), { token: expert, body: { reason } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(ResearchRequestTexts.notDeclinable);
  });
});
