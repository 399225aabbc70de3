import {
  BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException, OnModuleInit, ServiceUnavailableException,
} from '@nestjs/common';
import {
  AI_NOT_CONFIGURED_MESSAGE, JobName, Messages, QueueName, ResearchLatest, ResearchPlan, ResearchRetractionFlag, ResearchRunView, ResearchBudgetUsage, ResearchStatus, ResearchTexts, isResearchActive, RESEARCH_ACTIVE_STATUSES,
} from '@cqa/contracts';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import { mayControlResearch } from '../../../common/access/research-access';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { JobQueue } from '../../../queues/job-queue.service';
import { AiProvider } from '../../ai';
import { QuestionEvents } from '../../questions/question-events';
import { ResearchBudgets } from './research-budgets';
import { cleanPlan, planProblems } from './research-plan';
import { FlagRow, ResearchRepository, RunRow, StepRow } from './research.repository';
import { ClaimChecksRepository } from '../claim-checks.repository';
import { planJobId, ResearchRunner, runJobId } from './research.runner';
import { ResearchRequestsRepository, toView as toRequestView } from './requests/research-requests.repository';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toFlag(f: FlagRow): ResearchRetractionFlag {
  return {
    runId: f.run_id, answerId: f.answer_id, questionId: f.question_id, questionText: f.question_text,
    title: f.title, url: f.url, doi: f.doi, pmid: f.pmid, flaggedAt: iso(f.flagged_at)!,
  };
}

/** The HTTP side of deep research: start, plan review, cancel, retry, the run view and the admins' flag list. */
@Injectable()
export class ResearchService implements OnModuleInit {
  private readonly logger = new Logger('research');

  constructor(
    private readonly repo: ResearchRepository,
    private readonly jobs: JobQueue,
    private readonly runner: ResearchRunner,
    private readonly ai: AiProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly questionEvents: QuestionEvents,
    private readonly claimChecks: ClaimChecksRepository,
    private readonly budgets: ResearchBudgets,
    private readonly requests: ResearchRequestsRepository,
  ) {}

  onModuleInit(): void {
    this.questionEvents.onAsked((event) => (event.role === 'patient' ? this.autoStart(event.questionId) : Promise.resolve()));
  }

  mayControl(caller: AuthenticatedUser): boolean {
    return mayControlResearch(caller.role, this.config.research);
  }

  private assertControl(caller: AuthenticatedUser): void {
    if (!this.mayControl(caller)) throw new ForbiddenException(ResearchTexts.expertsMayNotStart);
  }

  /**
   * Also called for every new patient question when RESEARCH_AUTO is on (caller null). `reserved`: the start was taken
   * from the budgets already (a patient's request, when it was made); the caller gives it back if it must.
   */
  async start(caller: AuthenticatedUser | null, questionId: number, { reserved = false }: { reserved?: boolean } = {}): Promise<ResearchRunView> {
    if (caller) this.assertControl(caller);
    if (!this.ai.isConfigured) throw new ServiceUnavailableException(AI_NOT_CONFIGURED_MESSAGE);
    const starter = caller?.id ?? null;
    // A question with a run in progress answers 409 without spending a start (the insert below decides under a race).
    const current = await this.repo.latestRun(questionId);
    if (current && isResearchActive(current.status)) throw new ConflictException(ResearchTexts.runActive);
    // The start is taken from the daily budgets before the run exists (429 when spent), and given back if no run starts.
    const hold = reserved ? null : await this.budgets.reserveStart(starter);
    let runId: number | null = null;
    try {
      runId = await this.repo.createRun(questionId, starter);
      if (runId === null) throw new ConflictException(ResearchTexts.runActive);
      await this.jobs.enqueue(JobName.ResearchPlan, { runId }, { jobId: planJobId(runId, 1), attempts: 3, backoff: { type: 'exponential', delay: 2000 } });
    } catch (error) {
      if (hold) await this.budgets.releaseStart(hold);
      if (runId !== null) await this.repo.transition(runId, ['planning'], { status: 'failed', error: String(error), finished_at: new Date() });
      throw error;
    }
    return this.view((await this.repo.run(runId))!, false);
  }

  /** RESEARCH_AUTO: plan deep research for a patient's question just asked. Never fails the question's creation. */
  async autoStart(questionId: number): Promise<void> {
    if (!this.config.research.auto) return;
    if (!this.ai.isConfigured) {
      this.logger.warn({ questionId, msg: 'RESEARCH_AUTO is on but no AI provider is configured: no deep research started' });
      return;
    }
    try {
      await this.start(null, questionId);
    } catch (error) {
      this.logger.warn({ questionId, err: String(error), msg: 'automatic deep research did not start' });
    }
  }

  async latest(caller: AuthenticatedUser, questionId: number): Promise<ResearchLatest> {
    if ((await this.repo.questionText(questionId)) === null) throw new NotFoundException(Messages.errors.questionNotFound);
    const control = this.mayControl(caller);
    // Patients (and experts without control) see the published report only (mayControlResearch).
    const run = await this.repo.latestRun(questionId, !control);
    // The patient's request: its owner and staff see it (with a decline's reason); anyone else is not told there is one.
    const staff = caller.role === 'admin' || caller.role === 'expert';
    const owner = caller.role === 'patient' && (await this.requests.owner(questionId))?.user_id === caller.id;
    const request = staff || owner ? await this.requests.byQuestion(questionId) : undefined;
    return {
      run: run ? await this.view(run, !control, staff) : null,
      mayControl: control,
      aiConfigured: this.ai.isConfigured,
      request: request ? toRequestView(request) : null,
      mayRequest: owner && this.ai.isConfigured && (!request || request.status === 'cancelled'),
    };
  }

  async updatePlan(caller: AuthenticatedUser, questionId: number, runId: number, plan: ResearchPlan): Promise<ResearchRunView> {
    this.assertControl(caller);
    const run = await this.ownRun(questionId, runId);
    const problems = planProblems(plan);
    if (problems.length) throw new BadRequestException(problems.join('; '));
    if (!(await this.repo.transition(run.id, ['awaiting_approval'], { plan: cleanPlan(plan) }))) throw new ConflictException(ResearchTexts.planNotEditable);
    return this.view((await this.repo.run(run.id))!, false);
  }

  async approve(caller: AuthenticatedUser, questionId: number, runId: number): Promise<ResearchRunView> {
    this.assertControl(caller);
    const run = await this.ownRun(questionId, runId);
    if (!this.ai.isConfigured) throw new ServiceUnavailableException(AI_NOT_CONFIGURED_MESSAGE);
    const problems = planProblems(run.plan);
    if (problems.length) throw new BadRequestException(problems.join('; '));
    if (run.status !== 'awaiting_approval') throw new ConflictException(ResearchTexts.planNotEditable);
    // The run's whole token limit is reserved against the approver's and the platform's daily budgets before any search.
    await this.budgets.reserveTokens(run.id, caller.id, 0);
    const moved = await this.repo.transition(run.id, ['awaiting_approval'], {
      status: 'running', stage: 'search', plan_approved_by: caller.id, plan_approved_at: new Date(),
    });
    if (!moved) {
      await this.budgets.settleTokens(run.id, 0);
      throw new ConflictException(ResearchTexts.planNotEditable);
    }
    await this.runner.startFlow(run.id);
    return this.view((await this.repo.run(run.id))!, false);
  }

  /** Marks the run cancelled, removes its waiting jobs; running steps see it and stop (their abort signal). */
  async cancel(caller: AuthenticatedUser, questionId: number, runId: number): Promise<ResearchRunView> {
    this.assertControl(caller);
    const run = await this.ownRun(questionId, runId);
    if (!(await this.repo.transition(run.id, [...RESEARCH_ACTIVE_STATUSES], { status: 'cancelled', finished_at: new Date() }))) {
      throw new ConflictException(ResearchTexts.notCancellable);
    }
    await this.budgets.settleTokens(run.id, run.prompt_tokens + run.completion_tokens);
    const queue = this.jobs.queue(QueueName.Research);
    for (const id of [planJobId(run.id, run.attempt), runJobId(run.id, run.attempt)]) {
      const job = await queue.getJob(id);
      if (!job) continue;
      try {
        await job.remove({ removeChildren: true });
      } catch {
        // A child is running (locked): remove the waiting ones; the running one stops by itself.
        await job.removeUnprocessedChildren().catch((error: unknown) => this.logger.warn({ runId: run.id, err: String(error), msg: 'could not remove waiting steps' }));
      }
    }
    return this.view((await this.repo.run(run.id))!, false);
  }

  /** A failed run goes on from the step that failed; finished steps keep their output. */
  async retry(caller: AuthenticatedUser, questionId: number, runId: number): Promise<ResearchRunView> {
    this.assertControl(caller);
    const run = await this.ownRun(questionId, runId);
    if (!this.ai.isConfigured) throw new ServiceUnavailableException(AI_NOT_CONFIGURED_MESSAGE);
    const attempt = run.attempt + 1;
    const planned = run.plan !== null;
    const status: ResearchStatus = !planned ? 'planning' : run.plan_approved_at ? 'running' : 'awaiting_approval';
    if (run.status !== 'failed') throw new ConflictException(ResearchTexts.notRetryable);
    // A retry calls the model again: it counts as a start, and a run going on reserves what is left of its token limit.
    const hold = await this.budgets.reserveStart(caller.id);
    try {
      if (status === 'running') await this.budgets.reserveTokens(run.id, caller.id, run.prompt_tokens + run.completion_tokens);
    } catch (error) {
      await this.budgets.releaseStart(hold);
      throw error;
    }
    if (!(await this.repo.transition(run.id, ['failed'], { status, attempt, error: null, failed_step: null, finished_at: null }))) {
      await this.budgets.releaseStart(hold);
      await this.budgets.settleTokens(run.id, run.prompt_tokens + run.completion_tokens);
      throw new ConflictException(ResearchTexts.notRetryable);
    }
    await this.repo.resetUnfinishedSteps(run.id);
    if (status === 'planning') await this.jobs.enqueue(JobName.ResearchPlan, { runId: run.id }, { jobId: planJobId(run.id, attempt), attempts: 3 });
    if (status === 'running') await this.runner.startFlow(run.id);
    return this.view((await this.repo.run(run.id))!, false);
  }

  /** The daily budgets and the platform's use of them (admins). */
  budgetUsage(): Promise<ResearchBudgetUsage> {
    return this.budgets.usage();
  }

  async flags(): Promise<ResearchRetractionFlag[]> {
    return (await this.repo.flags()).map(toFlag);
  }

  private async ownRun(questionId: number, runId: number): Promise<RunRow> {
    const run = await this.repo.run(runId);
    if (!run || run.question_id !== questionId) throw new NotFoundException(ResearchTexts.runNotFound);
    return run;
  }

  /** `staff`: admins and experts also get every claim as the verifier decided it; patients only the withheld count. */
  async view(run: RunRow, publishedOnly: boolean, staff = true): Promise<ResearchRunView> {
    const steps: StepRow[] = publishedOnly ? [] : await this.repo.steps(run.id);
    const claimChecks = staff ? await this.claimChecks.list({ researchRunId: run.id }) : [];
    const flags = (await this.repo.flags(run.id)).map(toFlag);
    const counted = steps.filter((s) => s.stage !== 'plan');
    return {
      id: run.id,
      questionId: run.question_id,
      status: run.status,
      stage: run.stage,
      progress: { done: counted.filter((s) => s.status === 'done' || s.status === 'skipped').length, total: counted.length },
      partial: Boolean(run.partial),
      partialReason: run.partial_reason,
      error: publishedOnly ? null : run.error,
      failedStep: publishedOnly ? null : run.failed_step,
      plan: publishedOnly ? null : run.plan,
      planApprovedAt: iso(run.plan_approved_at),
      tokens: publishedOnly ? 0 : run.prompt_tokens + run.completion_tokens,
      costUsd: publishedOnly || run.cost_usd === null ? null : Number(run.cost_usd),
      answerId: run.answer_id,
      report: run.report,
      flags,
      steps: steps.map((s) => ({
        key: s.step_key, stage: s.stage, status: s.status, error: s.error, tokens: s.prompt_tokens + s.completion_tokens,
        startedAt: iso(s.started_at), finishedAt: iso(s.finished_at),
      })),
      claimChecks,
      createdAt: iso(run.created_at)!,
      finishedAt: iso(run.finished_at),
    };
  }
}
