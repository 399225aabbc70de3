import { ConflictException, Injectable } from '@nestjs/common';
import { isResearchActive, ResearchPlan, ResearchStatus, RESEARCH_ACTIVE_STATUSES } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { recordResearchDeclined } from '../../notifications/answer-events';
import { ResearchBudgets } from './research-budgets';
import { ResearchRepository, RunRow } from './research.repository';
import { RequestRow, ResearchRequestsRepository } from './requests/research-requests.repository';

const usedTokens = (run: RunRow) => run.prompt_tokens + run.completion_tokens;

/** What the plan step's end did to its run: the token reservation's refusal (429's words) fails it. */
export type PlannedOutcome = 'awaiting_approval' | 'queued' | 'left' | { refused: string };

/**
 * Every change of a deep research run's status, and of a patient's request for one, with what it takes from or gives
 * back to the daily budgets (ResearchBudgets). Each transition is one conditional UPDATE from the status it leaves, so
 * of two hands (two reviewers, a cancel racing a failure) exactly one moves the row; a transition from another status
 * is refused before anything is taken, and one that loses a race gives back what it took. Nothing else calls the
 * budgets' take and give-back (tools/lint/research-budget-calls.spec.ts).
 */
@Injectable()
export class ResearchRunLifecycle {
  constructor(
    private readonly runs: ResearchRepository,
    private readonly requests: ResearchRequestsRepository,
    private readonly budgets: ResearchBudgets,
    private readonly ds: DataSource,
  ) {}

  /**
   * A new run, planning. Its start is taken from the daily budgets first (429 when spent) unless `reserved` (a
   * request's, taken when it was made), and given back if no run starts; `queue` adds its first job, and the run fails
   * if it cannot. Null when the question has a run in progress (the insert decides under a race).
   */
  async create(questionId: number, starter: string | null, reserved: boolean, queue: (runId: number) => Promise<unknown>): Promise<number | null> {
    const current = await this.runs.latestRun(questionId);
    if (current && isResearchActive(current.status)) return null;
    const hold = reserved ? null : await this.budgets.reserveStart(starter);
    let runId: number | null = null;
    try {
      runId = await this.runs.createRun(questionId, starter);
      if (runId !== null) await queue(runId);
    } catch (error) {
      if (hold) await this.budgets.releaseStart(hold);
      if (runId !== null) await this.runs.transition(runId, ['planning'], { status: 'failed', error: String(error), finished_at: new Date() });
      throw error;
    }
    if (runId === null && hold) await this.budgets.releaseStart(hold);
    return runId;
  }

  /**
   * The plan step's end. Under plan review: planning → awaiting_approval. Otherwise approved as proposed: the run's
   * token limit is reserved as an approval would (the starter's budget, or only the platform's), then planning → queued
   * (the caller starts its flow); a refused reservation fails the run at its plan step.
   */
  async planned(run: RunRow, plan: ResearchPlan, review: boolean): Promise<PlannedOutcome> {
    if (run.status !== 'planning') return 'left';
    if (review) return (await this.runs.transition(run.id, ['planning'], { plan, status: 'awaiting_approval' })) ? 'awaiting_approval' : 'left';
    try {
      await this.budgets.reserveTokens(run.id, run.started_by, 0);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.runs.transition(run.id, ['planning'], { plan, status: 'failed', error: message, failed_step: 'plan', finished_at: new Date() });
      return { refused: message };
    }
    if (await this.runs.transition(run.id, ['planning'], { plan, status: 'queued', plan_approved_at: new Date() })) return 'queued';
    await this.budgets.settleTokens(run.id, 0);
    return 'left';
  }

  /** The plan edited while it waits for approval (no change of status); whether it still waited. */
  editPlan(run: RunRow, plan: ResearchPlan): Promise<boolean> {
    return this.runs.transition(run.id, ['awaiting_approval'], { plan });
  }

  /**
   * awaiting_approval → running: the run's whole token limit is reserved against the approver's and the platform's
   * budgets before any search (429 when it does not fit). The caller starts its flow.
   */
  async approve(run: RunRow, approverId: string): Promise<boolean> {
    if (run.status !== 'awaiting_approval') return false;
    await this.budgets.reserveTokens(run.id, approverId, 0);
    const moved = await this.runs.transition(run.id, ['awaiting_approval'], {
      status: 'running', stage: 'search', plan_approved_by: approverId, plan_approved_at: new Date(),
    });
    if (!moved) await this.budgets.settleTokens(run.id, 0);
    return moved;
  }

  /** queued → running: the flow's parent job took the run (its tokens were reserved when it was queued). */
  begin(runId: number): Promise<boolean> {
    return this.runs.transition(runId, ['queued'], { status: 'running' });
  }

  /** running → completed, and the tokens it reserved and did not use go back. */
  async complete(runId: number): Promise<boolean> {
    const moved = await this.runs.transition(runId, ['running'], { status: 'completed', stage: 'done', finished_at: new Date() });
    await this.settle(runId);
    return moved;
  }

  /** A step failed for good: the run fails at it, and the tokens it reserved and did not use go back. */
  async fail(runId: number, error: string, step: string): Promise<boolean> {
    const moved = await this.runs.transition(runId, ['planning', 'running', 'queued'], { status: 'failed', error, failed_step: step, finished_at: new Date() });
    await this.settle(runId);
    return moved;
  }

  /**
   * A run that has ended gives back what it reserved of the token budgets and did not use. Called by whoever sees it
   * ended (also after a transition that lost, or by a re-delivered job), so a crash between a transition and its give-back
   * loses nothing; the hold is taken once (GETDEL). A run still active keeps its hold.
   */
  async settle(runId: number): Promise<void> {
    const fresh = await this.runs.run(runId);
    if (fresh && !isResearchActive(fresh.status)) await this.budgets.settleTokens(runId, usedTokens(fresh));
  }

  /** Any active status → cancelled, and the tokens it reserved and did not use go back. The caller removes its jobs. */
  async cancel(run: RunRow): Promise<boolean> {
    if (!(await this.runs.transition(run.id, [...RESEARCH_ACTIVE_STATUSES], { status: 'cancelled', finished_at: new Date() }))) return false;
    await this.budgets.settleTokens(run.id, usedTokens(run));
    return true;
  }

  /**
   * failed → the status it failed in (planning, awaiting_approval or running), as the next attempt; its finished steps
   * keep their output. A retry calls the model again: it takes a start, and a run going on reserves what is left of its
   * token limit (429 when either is spent). The new status, or null when the run had not failed (or no longer has).
   */
  async retry(run: RunRow, callerId: string): Promise<ResearchStatus | null> {
    if (run.status !== 'failed') return null;
    const status: ResearchStatus = run.plan === null ? 'planning' : run.plan_approved_at ? 'running' : 'awaiting_approval';
    const hold = await this.budgets.reserveStart(callerId);
    try {
      if (status === 'running') await this.budgets.reserveTokens(run.id, callerId, usedTokens(run));
    } catch (error) {
      await this.budgets.releaseStart(hold);
      throw error;
    }
    if (!(await this.runs.transition(run.id, ['failed'], { status, attempt: run.attempt + 1, error: null, failed_step: null, finished_at: null }))) {
      await this.budgets.releaseStart(hold);
      if (status === 'running') await this.budgets.settleTokens(run.id, usedTokens(run));
      return null;
    }
    await this.runs.resetUnfinishedSteps(run.id);
    return status;
  }

  /**
   * A patient's request, requested: it takes a start from their budgets when it is made (429 when spent, and nothing
   * waits) and holds it until a reviewer takes, declines or the patient cancels. Null when the question has a request
   * that is not cancelled (the start goes back).
   */
  async request(questionId: number, userId: string): Promise<RequestRow | null> {
    const hold = await this.budgets.reserveStart(userId);
    if (!(await this.requests.create(questionId, userId))) {
      await this.budgets.releaseStart(hold);
      return null;
    }
    const created = (await this.requests.byQuestion(questionId))!;
    await this.budgets.holdRequestStart(created.id, hold);
    return created;
  }

  /** requested → cancelled by the patient before review: the start goes back (to the window it was taken from only). */
  async withdrawRequest(row: RequestRow): Promise<boolean> {
    if (!(await this.requests.transition(row.id, 'requested', { status: 'cancelled', decided_at: new Date() }))) return false;
    await this.budgets.releaseRequestStart(row.id);
    return true;
  }

  /**
   * requested → taken, first reviewer wins; `start` starts the question's run on the request's start. A run already
   * under way (started by hand, or by RESEARCH_AUTO) is the request's run: it paid its own start, so the request's goes
   * back. No run: the request waits again, still holding its start. The request's run id, or null when another
   * reviewer was first.
   */
  async takeRequest(row: RequestRow, reviewerId: string, start: () => Promise<number>): Promise<number | null> {
    if (!(await this.requests.transition(row.id, 'requested', { status: 'taken', reviewer_id: reviewerId, decided_at: new Date() }))) return null;
    let runId: number;
    try {
      runId = await start();
    } catch (error) {
      const active = error instanceof ConflictException ? await this.runs.latestRun(row.question_id) : undefined;
      if (active && isResearchActive(active.status)) {
        await this.requests.linkRun(row.id, active.id);
        await this.budgets.releaseRequestStart(row.id);
        return active.id;
      }
      await this.requests.transition(row.id, 'taken', { status: 'requested', reviewer_id: null, decided_at: null });
      throw error;
    }
    await this.requests.linkRun(row.id, runId);
    return runId;
  }

  /**
   * requested or taken (its run cancelled first by the caller) → declined, with the patient's answer e-mail and "New
   * answers" mark written in the same transaction. A request declined before review never started: its start goes
   * back (a taken one's run did start).
   */
  async declineRequest(row: RequestRow, reviewerId: string, reason: string): Promise<boolean> {
    const fields = { status: 'declined', reviewer_id: reviewerId, decline_reason: reason, decided_at: new Date() };
    const declined = await this.ds.transaction('READ COMMITTED', async (manager) => {
      if (!(await this.requests.transition(row.id, row.status, fields, manager))) return false;
      await recordResearchDeclined(manager, row.question_id);
      return true;
    });
    if (declined && row.status === 'requested') await this.budgets.releaseRequestStart(row.id);
    return declined;
  }
}
