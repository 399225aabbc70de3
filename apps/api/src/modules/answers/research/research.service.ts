import {
  BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException, OnModuleInit, ServiceUnavailableException,
} from '@nestjs/common';
import {
  AI_NOT_CONFIGURED_MESSAGE, JobName, Messages, QueueName, ResearchLatest, ResearchPlan, ResearchRetractionFlag, ResearchRunView, ResearchBudgetUsage, ResearchTexts,
} from '@cqa/contracts';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import { mayControlResearch } from '../../../common/access/research-access';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { JobQueue } from '../../../queues/job-queue.service';
import { AiProvider } from '../../ai';
import { QuestionEvents } from '../../questions/question-events';
import { ResearchBudgets } from './research-budgets';
import { ResearchRunLifecycle } from './research-run-lifecycle';
import { toFlag, toRunView } from './research-run-view';
import { cleanPlan, planProblems } from './research-plan';
import { ResearchRepository, RunRow, StepRow } from './research.repository';
import { ClaimChecksRepository } from '../claim-checks.repository';
import { planJobId, ResearchRunner, runJobId } from './research.runner';
import { ResearchRequestsRepository, toView as toRequestView } from './requests/research-requests.repository';

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
    private readonly lifecycle: ResearchRunLifecycle,
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
    // A question with a run in progress answers 409 without spending a start; the start is taken (429 when spent) before the run exists.
    const runId = await this.lifecycle.create(questionId, caller?.id ?? null, reserved, (id) =>
      this.jobs.enqueue(JobName.ResearchPlan, { runId: id }, { jobId: planJobId(id, 1), attempts: 3, backoff: { type: 'exponential', delay: 2000 } }));
    if (runId === null) throw new ConflictException(ResearchTexts.runActive);
    return this.runView(runId);
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
    if (!(await this.lifecycle.editPlan(run, cleanPlan(plan)))) throw new ConflictException(ResearchTexts.planNotEditable);
    return this.runView(run.id);
  }

  async approve(caller: AuthenticatedUser, questionId: number, runId: number): Promise<ResearchRunView> {
    this.assertControl(caller);
    const run = await this.ownRun(questionId, runId);
    if (!this.ai.isConfigured) throw new ServiceUnavailableException(AI_NOT_CONFIGURED_MESSAGE);
    const problems = planProblems(run.plan);
    if (problems.length) throw new BadRequestException(problems.join('; '));
    if (!(await this.lifecycle.approve(run, caller.id))) throw new ConflictException(ResearchTexts.planNotEditable);
    await this.runner.startFlow(run.id);
    return this.runView(run.id);
  }

  /** Marks the run cancelled, removes its waiting jobs; running steps see it and stop (their abort signal). */
  async cancel(caller: AuthenticatedUser, questionId: number, runId: number): Promise<ResearchRunView> {
    this.assertControl(caller);
    const run = await this.ownRun(questionId, runId);
    if (!(await this.lifecycle.cancel(run))) throw new ConflictException(ResearchTexts.notCancellable);
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
    return this.runView(run.id);
  }

  /** A failed run goes on from the step that failed; finished steps keep their output. */
  async retry(caller: AuthenticatedUser, questionId: number, runId: number): Promise<ResearchRunView> {
    this.assertControl(caller);
    const run = await this.ownRun(questionId, runId);
    if (!this.ai.isConfigured) throw new ServiceUnavailableException(AI_NOT_CONFIGURED_MESSAGE);
    const status = await this.lifecycle.retry(run, caller.id);
    if (status === null) throw new ConflictException(ResearchTexts.notRetryable);
    if (status === 'planning') await this.jobs.enqueue(JobName.ResearchPlan, { runId: run.id }, { jobId: planJobId(run.id, run.attempt + 1), attempts: 3 });
    if (status === 'running') await this.runner.startFlow(run.id);
    return this.runView(run.id);
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

  /** The run as its controllers see it. */
  async runView(runId: number): Promise<ResearchRunView> {
    return this.view((await this.repo.run(runId))!, false);
  }

  /** `staff`: admins and experts also get every claim as the verifier decided it; patients only the withheld count. */
  async view(run: RunRow, publishedOnly: boolean, staff = true): Promise<ResearchRunView> {
    const steps: StepRow[] = publishedOnly ? [] : await this.repo.steps(run.id);
    const claimChecks = staff ? await this.claimChecks.list({ researchRunId: run.id }) : [];
    return toRunView(run, steps, claimChecks, (await this.repo.flags(run.id)).map(toFlag), publishedOnly);
  }
}
