import { ConflictException, HttpException, HttpStatus } from '@nestjs/common';
import type { ResearchPlan, ResearchRequestStatus, ResearchStatus } from '@cqa/contracts';
import type { DataSource } from 'typeorm';
import type { ResearchBudgets } from './research-budgets';
import { ResearchRunLifecycle } from './research-run-lifecycle';
import type { ResearchRepository, RunRow } from './research.repository';
import type { RequestRow, ResearchRequestsRepository } from './requests/research-requests.repository';

const MAX_TOKENS = 1000;
const PLAN: ResearchPlan = {
  subQuestions: [{ question: 'Does exercise reduce fatigue?', queries: { pubmed: 'exercise fatigue', europepmc: '', ctgov: '' } }],
  inclusionCriteria: [], yearFrom: 2010, yearTo: 2024,
};

/** The daily budgets as counters: what a transition took and gave back shows in `ledger()`. */
class FakeBudgets {
  starts = 0;
  tokens = 0;
  refuseTokens = false;
  private readonly tokenHolds = new Map<number, { amount: number; counted: number }>();
  private readonly requestHolds = new Set<number>();
  readonly reserveStart = jest.fn(async () => { this.starts++; return [{ key: 'k', windowEndsAt: Date.now() + 1000 }]; });
  readonly releaseStart = jest.fn(async () => { this.starts--; });
  readonly holdRequestStart = jest.fn(async (id: number) => { this.requestHolds.add(id); });
  readonly releaseRequestStart = jest.fn(async (id: number) => { if (this.requestHolds.delete(id)) this.starts--; });
  readonly reserveTokens = jest.fn(async (runId: number, _userId: string | null, counted: number) => {
    if (this.refuseTokens) throw new HttpException('The daily deep research token budget is spent', HttpStatus.TOO_MANY_REQUESTS);
    const amount = MAX_TOKENS - counted;
    this.tokens += amount;
    this.tokenHolds.set(runId, { amount, counted });
  });
  readonly settleTokens = jest.fn(async (runId: number, used: number) => {
    const hold = this.tokenHolds.get(runId);
    this.tokenHolds.delete(runId);
    if (hold) this.tokens -= Math.max(0, hold.amount - Math.max(0, used - hold.counted));
  });
  ledger() {
    return { starts: this.starts, tokens: this.tokens, tokenHolds: [...this.tokenHolds.keys()], requestHolds: [...this.requestHolds] };
  }
}

const run = (fields: Partial<RunRow>): RunRow => ({
  id: 1, question_id: 7, status: 'planning', stage: 'plan', progress_done: 0, progress_total: 0, attempt: 1, plan: null,
  plan_approved_by: null, plan_approved_at: null, started_by: 'starter', partial: 0, partial_reason: null, error: null,
  failed_step: null, prompt_tokens: 0, completion_tokens: 0, cost_usd: null, report: null, answer_id: null,
  created_at: new Date(), finished_at: null, ...fields,
});

const request = (fields: Partial<RequestRow>): RequestRow => ({
  id: 3, question_id: 7, requested_by: 'patient', status: 'requested', run_id: null, reviewer_id: null, decline_reason: null,
  created_at: new Date(), run_status: null, run_stage: null, run_answer_id: null, run_error: null, ...fields,
});

/** research_runs and research_requests as rows; `transition` moves a row only from the statuses given, as the SQL does. */
function setUp(runRow: RunRow | null, requestRow: RequestRow | null = null) {
  const runs = new Map<number, RunRow>(runRow ? [[runRow.id, { ...runRow }]] : []);
  const requests = new Map<number, RequestRow>(requestRow ? [[requestRow.id, { ...requestRow }]] : []);
  const runRepo = {
    run: jest.fn(async (id: number) => (runs.has(id) ? { ...runs.get(id)! } : undefined)),
    latestRun: jest.fn(async (questionId: number) => [...runs.values()].filter((r) => r.question_id === questionId).pop()),
    createRun: jest.fn(async (questionId: number, startedBy: string | null) => {
      const id = runs.size + 1;
      runs.set(id, run({ id, question_id: questionId, started_by: startedBy }));
      return id;
    }),
    transition: jest.fn(async (id: number, from: ResearchStatus[], fields: Partial<RunRow>) => {
      const row = runs.get(id);
      if (!row || !from.includes(row.status)) return false;
      runs.set(id, { ...row, ...fields });
      return true;
    }),
    resetUnfinishedSteps: jest.fn(async () => undefined),
  };
  const requestRepo = {
    create: jest.fn(async (questionId: number, userId: string) => {
      if ([...requests.values()].some((r) => r.question_id === questionId && r.status !== 'cancelled')) return false;
      requests.set(3, request({ question_id: questionId, requested_by: userId }));
      return true;
    }),
    byQuestion: jest.fn(async (questionId: number) => [...requests.values()].find((r) => r.question_id === questionId)),
    transition: jest.fn(async (id: number, from: ResearchRequestStatus, fields: Partial<RequestRow>) => {
      const row = requests.get(id);
      if (!row || row.status !== from) return false;
      requests.set(id, { ...row, ...fields });
      return true;
    }),
    linkRun: jest.fn(async (id: number, runId: number) => { requests.set(id, { ...requests.get(id)!, run_id: runId }); }),
  };
  const manager = { query: jest.fn(async () => undefined) };
  const ds = { transaction: jest.fn(async (_level: string, work: (m: typeof manager) => Promise<unknown>) => work(manager)) };
  const budgets = new FakeBudgets();
  const lifecycle = new ResearchRunLifecycle(
    runRepo as unknown as ResearchRepository, requestRepo as unknown as ResearchRequestsRepository,
    budgets as unknown as ResearchBudgets, ds as unknown as DataSource,
  );
  return { lifecycle, budgets, runs, requests, runRepo, requestRepo, manager };
}

describe('ResearchRunLifecycle: a transition from a status it does not leave is refused and leaves the budgets untouched', () => {
  it.each<ResearchStatus>(['planning', 'queued', 'running', 'completed', 'failed', 'cancelled'])('approve from %s', async (status) => {
    const { lifecycle, budgets, runs } = setUp(run({ status, plan: PLAN }));
    await expect(lifecycle.approve(runs.get(1)!, 'admin')).resolves.toBe(false);
    expect(runs.get(1)!.status).toBe(status);
    expect(budgets.reserveTokens).not.toHaveBeenCalled();
    expect(budgets.ledger()).toEqual({ starts: 0, tokens: 0, tokenHolds: [], requestHolds: [] });
  });

  it('approve that loses a race (another approver moved it first) gives back what it took', async () => {
    const { lifecycle, budgets, runs } = setUp(run({ status: 'running', plan: PLAN }));
    await expect(lifecycle.approve({ ...runs.get(1)!, status: 'awaiting_approval' }, 'admin')).resolves.toBe(false);
    expect(budgets.reserveTokens).toHaveBeenCalledTimes(1);
    expect(budgets.ledger()).toEqual({ starts: 0, tokens: 0, tokenHolds: [], requestHolds: [] });
  });

  it.each<ResearchStatus>(['completed', 'failed', 'cancelled'])('cancel from %s keeps what the run holds', async (status) => {
    const { lifecycle, budgets, runs } = setUp(run({ status, plan: PLAN }));
    await budgets.reserveTokens(1, 'admin', 0);
    const before = budgets.ledger();
    await expect(lifecycle.cancel(runs.get(1)!)).resolves.toBe(false);
    expect(runs.get(1)!.status).toBe(status);
    expect(budgets.settleTokens).not.toHaveBeenCalled();
    expect(budgets.ledger()).toEqual(before);
  });

  it.each<ResearchStatus>(['planning', 'awaiting_approval', 'queued', 'running', 'completed', 'cancelled'])('retry from %s', async (status) => {
    const { lifecycle, budgets, runs, runRepo } = setUp(run({ status, plan: PLAN, plan_approved_at: new Date() }));
    await expect(lifecycle.retry(runs.get(1)!, 'admin')).resolves.toBeNull();
    expect(runs.get(1)!.status).toBe(status);
    expect(budgets.reserveStart).not.toHaveBeenCalled();
    expect(budgets.reserveTokens).not.toHaveBeenCalled();
    expect(runRepo.resetUnfinishedSteps).not.toHaveBeenCalled();
    expect(budgets.ledger()).toEqual({ starts: 0, tokens: 0, tokenHolds: [], requestHolds: [] });
  });

  it('retry that loses a race (another retry went first) gives back its start and tokens', async () => {
    const { lifecycle, budgets, runs } = setUp(run({ status: 'running', plan: PLAN, plan_approved_at: new Date(), prompt_tokens: 300 }));
    await expect(lifecycle.retry({ ...runs.get(1)!, status: 'failed' }, 'admin')).resolves.toBeNull();
    expect(budgets.ledger()).toEqual({ starts: 0, tokens: 0, tokenHolds: [], requestHolds: [] });
  });

  it.each<ResearchStatus>(['planning', 'awaiting_approval', 'queued'])('complete from %s keeps what the run holds', async (status) => {
    const { lifecycle, budgets, runs } = setUp(run({ status, plan: PLAN }));
    await budgets.reserveTokens(1, 'admin', 0);
    const before = budgets.ledger();
    await expect(lifecycle.complete(1)).resolves.toBe(false);
    expect(runs.get(1)!.status).toBe(status);
    expect(budgets.settleTokens).not.toHaveBeenCalled();
    expect(budgets.ledger()).toEqual(before);
  });

  it('fail from awaiting_approval keeps what the run holds', async () => {
    const { lifecycle, budgets, runs } = setUp(run({ status: 'awaiting_approval', plan: PLAN }));
    await expect(lifecycle.fail(1, 'boom', 'search-0')).resolves.toBe(false);
    expect(runs.get(1)!.status).toBe('awaiting_approval');
    expect(budgets.settleTokens).not.toHaveBeenCalled();
  });

  it.each<ResearchStatus>(['awaiting_approval', 'queued', 'running', 'failed', 'cancelled'])('planned from %s', async (status) => {
    const { lifecycle, budgets, runs } = setUp(run({ status }));
    await expect(lifecycle.planned(runs.get(1)!, PLAN, false)).resolves.toBe('left');
    await expect(lifecycle.planned(runs.get(1)!, PLAN, true)).resolves.toBe('left');
    expect(runs.get(1)!.status).toBe(status);
    expect(budgets.reserveTokens).not.toHaveBeenCalled();
  });

  it('create while the question has a run in progress takes no start', async () => {
    const { lifecycle, budgets, runRepo } = setUp(run({ status: 'awaiting_approval' }));
    const queue = jest.fn(async () => undefined);
    await expect(lifecycle.create(7, 'admin', false, queue)).resolves.toBeNull();
    expect(runRepo.createRun).not.toHaveBeenCalled();
    expect(queue).not.toHaveBeenCalled();
    expect(budgets.ledger()).toEqual({ starts: 0, tokens: 0, tokenHolds: [], requestHolds: [] });
  });

  it('create that loses the insert race gives its start back', async () => {
    const { lifecycle, budgets, runRepo } = setUp(null);
    runRepo.createRun.mockResolvedValueOnce(null as unknown as number);
    await expect(lifecycle.create(7, 'admin', false, jest.fn())).resolves.toBeNull();
    expect(budgets.reserveStart).toHaveBeenCalledTimes(1);
    expect(budgets.ledger().starts).toBe(0);
  });

  it.each<ResearchRequestStatus>(['taken', 'declined', 'cancelled'])('a request withdrawn from %s keeps its start', async (status) => {
    const { lifecycle, budgets, requests } = setUp(null, request({ status }));
    await expect(lifecycle.withdrawRequest(requests.get(3)!)).resolves.toBe(false);
    expect(requests.get(3)!.status).toBe(status);
    expect(budgets.releaseRequestStart).not.toHaveBeenCalled();
  });

  it.each<ResearchRequestStatus>(['taken', 'declined', 'cancelled'])('a request taken from %s starts no run', async (status) => {
    const { lifecycle, budgets, requests } = setUp(null, request({ status }));
    const start = jest.fn(async () => 1);
    await expect(lifecycle.takeRequest(requests.get(3)!, 'expert', start)).resolves.toBeNull();
    expect(start).not.toHaveBeenCalled();
    expect(budgets.releaseRequestStart).not.toHaveBeenCalled();
  });

  it('a request declined by a second reviewer (it left the status the first read) tells no one and gives nothing back', async () => {
    const { lifecycle, budgets, requests, manager } = setUp(null, request({ status: 'taken' }));
    await expect(lifecycle.declineRequest({ ...requests.get(3)!, status: 'requested' }, 'expert', 'Not enough evidence')).resolves.toBe(false);
    expect(manager.query).not.toHaveBeenCalled();
    expect(budgets.releaseRequestStart).not.toHaveBeenCalled();
  });
});

describe('ResearchRunLifecycle: each transition pairs its status with its budget', () => {
  it('approve: awaiting_approval → running with the run token limit reserved', async () => {
    const { lifecycle, budgets, runs } = setUp(run({ status: 'awaiting_approval', plan: PLAN }));
    await expect(lifecycle.approve(runs.get(1)!, 'admin')).resolves.toBe(true);
    expect(runs.get(1)).toMatchObject({ status: 'running', stage: 'search', plan_approved_by: 'admin' });
    expect(budgets.ledger()).toEqual({ starts: 0, tokens: MAX_TOKENS, tokenHolds: [1], requestHolds: [] });
  });

  it('complete and cancel give back what the run did not use, once', async () => {
    const { lifecycle, budgets, runs } = setUp(run({ status: 'running', plan: PLAN }));
    await budgets.reserveTokens(1, 'admin', 0);
    runs.set(1, { ...runs.get(1)!, prompt_tokens: 200, completion_tokens: 50 });
    await expect(lifecycle.complete(1)).resolves.toBe(true);
    await lifecycle.settle(1);
    expect(budgets.ledger()).toEqual({ starts: 0, tokens: 250, tokenHolds: [], requestHolds: [] });
    const cancelled = setUp(run({ status: 'queued', plan: PLAN, prompt_tokens: 100 }));
    await cancelled.budgets.reserveTokens(1, 'admin', 0);
    await expect(cancelled.lifecycle.cancel(cancelled.runs.get(1)!)).resolves.toBe(true);
    expect(cancelled.budgets.ledger()).toEqual({ starts: 0, tokens: 100, tokenHolds: [], requestHolds: [] });
  });

  it('retry of a run failed after approval takes a start and what is left of its token limit', async () => {
    const { lifecycle, budgets, runs, runRepo } = setUp(run({ status: 'failed', plan: PLAN, plan_approved_at: new Date(), prompt_tokens: 300 }));
    await expect(lifecycle.retry(runs.get(1)!, 'admin')).resolves.toBe('running');
    expect(runs.get(1)).toMatchObject({ status: 'running', attempt: 2, error: null });
    expect(runRepo.resetUnfinishedSteps).toHaveBeenCalledWith(1);
    expect(budgets.ledger()).toEqual({ starts: 1, tokens: MAX_TOKENS - 300, tokenHolds: [1], requestHolds: [] });
  });

  it('retry refused by the token budget gives its start back and leaves the run failed', async () => {
    const { lifecycle, budgets, runs } = setUp(run({ status: 'failed', plan: PLAN, plan_approved_at: new Date() }));
    budgets.refuseTokens = true;
    await expect(lifecycle.retry(runs.get(1)!, 'admin')).rejects.toThrow(HttpException);
    expect(runs.get(1)!.status).toBe('failed');
    expect(budgets.ledger().starts).toBe(0);
  });

  it('planned without review: the starter reserves the token limit, or the run fails at its plan with the refusal', async () => {
    const { lifecycle, budgets, runs } = setUp(run({ status: 'planning' }));
    await expect(lifecycle.planned(runs.get(1)!, PLAN, false)).resolves.toBe('queued');
    expect(runs.get(1)).toMatchObject({ status: 'queued', plan: PLAN });
    expect(budgets.reserveTokens).toHaveBeenCalledWith(1, 'starter', 0);
    const refused = setUp(run({ status: 'planning' }));
    refused.budgets.refuseTokens = true;
    await expect(refused.lifecycle.planned(refused.runs.get(1)!, PLAN, false)).resolves.toEqual({ refused: 'The daily deep research token budget is spent' });
    expect(refused.runs.get(1)).toMatchObject({ status: 'failed', failed_step: 'plan' });
  });

  it('create whose first job cannot be queued gives its start back and fails the run', async () => {
    const { lifecycle, budgets, runs } = setUp(null);
    await expect(lifecycle.create(7, 'admin', false, async () => { throw new Error('redis down'); })).rejects.toThrow('redis down');
    expect(runs.get(1)).toMatchObject({ status: 'failed', error: 'Error: redis down' });
    expect(budgets.ledger().starts).toBe(0);
  });

  it('a request holds its start until withdrawn; taken onto a run already under way, it gives it back', async () => {
    const { lifecycle, budgets, requests } = setUp(run({ status: 'running' }));
    const made = await lifecycle.request(7, 'patient');
    expect(made).toMatchObject({ status: 'requested' });
    expect(budgets.ledger()).toEqual({ starts: 1, tokens: 0, tokenHolds: [], requestHolds: [3] });
    const runId = await lifecycle.takeRequest(requests.get(3)!, 'expert', async () => { throw new ConflictException('active'); });
    expect(runId).toBe(1);
    expect(requests.get(3)).toMatchObject({ status: 'taken', run_id: 1 });
    expect(budgets.ledger()).toEqual({ starts: 0, tokens: 0, tokenHolds: [], requestHolds: [] });
  });

  it('a request whose run cannot start waits again, still holding its start', async () => {
    const { lifecycle, budgets, requests } = setUp(null);
    await lifecycle.request(7, 'patient');
    await expect(lifecycle.takeRequest(requests.get(3)!, 'expert', async () => { throw new HttpException('AI provider not configured', 503); })).rejects.toThrow();
    expect(requests.get(3)).toMatchObject({ status: 'requested', reviewer_id: null });
    expect(budgets.ledger()).toEqual({ starts: 1, tokens: 0, tokenHolds: [], requestHolds: [3] });
  });

  it('a request declined before review tells the patient in its transaction and gives its start back', async () => {
    const { lifecycle, budgets, requests, manager } = setUp(null);
    await lifecycle.request(7, 'patient');
    await expect(lifecycle.declineRequest(requests.get(3)!, 'expert', 'Not enough evidence')).resolves.toBe(true);
    expect(requests.get(3)).toMatchObject({ status: 'declined', decline_reason: 'Not enough evidence' });
    expect(manager.query).toHaveBeenCalledTimes(2);
    expect(budgets.ledger().starts).toBe(0);
  });
});
