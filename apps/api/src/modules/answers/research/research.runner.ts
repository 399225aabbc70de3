import { Inject, Injectable, Logger } from '@nestjs/common';
import { JobName, QueueName, ResearchPlan, ResearchStage } from '@cqa/contracts';
import { FlowProducer, Job, UnrecoverableError, WaitingChildrenError } from 'bullmq';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { OnJob } from '../../../queues/job-handler.decorator';
import { JobQueue } from '../../../queues/job-queue.service';
import { AiProvider, type LiteratureRecord } from '../../ai';
import { meteredModel } from '../generation/metered-model';
import { settleFailedRun } from '../generation/run-failure';
import { planPrompt } from './research.prompts';
import { ResearchRepository, RunRow } from './research.repository';
import { planReplySchema } from './research.schemas';
import { normalisePlan } from './research-plan';
import { ResearchRunLifecycle } from './research-run-lifecycle';
import { RESEARCH_STAGE_HANDLERS, RunCancelled, SKIPPED, type ResearchStageHandler, type StepContext, type StepOutputs } from './stages';

export interface ResearchJobData {
  runId: number;
  step?: string;
  /** Consecutive 429 waits of this step's job (AI_RATE_LIMIT_MAX_DELAYS); a successful model call sets it back to 0. */
  rateLimitWaits?: number;
}

const FINISHED = new Set(['done', 'skipped']);
const STEP_ATTEMPTS = 3;
/** How often a running step looks for a cancel made by another process. */
const CANCEL_POLL_MS = 500;

export const runJobId = (runId: number, attempt: number) => `research-${runId}-a${attempt}`;
export const stepJobId = (runId: number, attempt: number, key: string) => `research-${runId}-a${attempt}-${key}`;
export const planJobId = (runId: number, attempt: number) => `research-${runId}-plan-a${attempt}`;


/**
 * The worker side of deep research. The parent job ('research-run') looks at the step rows, adds the children of
 * the first unfinished stage and waits for them; each child ('research-step') runs one step and stores its output.
 * A step whose row says done is never run again, so a worker killed mid-run resumes where it was. The runner keeps the
 * flow and each step's lifecycle; the work of each stage is its handler's (./stages).
 */
@Injectable()
export class ResearchRunner {
  private readonly logger = new Logger('research');

  constructor(
    private readonly repo: ResearchRepository,
    private readonly jobs: JobQueue,
    private readonly ai: AiProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lifecycle: ResearchRunLifecycle,
    @Inject(RESEARCH_STAGE_HANDLERS) private readonly stages: readonly ResearchStageHandler[],
  ) {}

  private handler(stage: ResearchStage): ResearchStageHandler {
    const handler = this.stages.find((h) => h.stage === stage);
    if (!handler) throw new UnrecoverableError(`Unknown research stage ${stage}`);
    return handler;
  }

  /** Starts the flow of an approved run: the parent and its search children, in one FlowProducer call. */
  async startFlow(runId: number): Promise<void> {
    const run = (await this.repo.run(runId))!;
    const queue = this.jobs.queue(QueueName.Research);
    const flow = new FlowProducer({ connection: queue.opts.connection, prefix: queue.opts.prefix });
    try {
      const keys = this.handler('search').keys(run.plan!, new Map());
      await flow.add({
        name: JobName.ResearchRun,
        queueName: QueueName.Research,
        data: { runId } satisfies ResearchJobData,
        opts: { jobId: runJobId(runId, run.attempt), attempts: STEP_ATTEMPTS, backoff: { type: 'exponential', delay: 2000 } },
        children: keys.map((key) => this.childSpec(run, key)),
      });
    } finally {
      await flow.close();
    }
  }

  private childSpec(run: RunRow, key: string) {
    return {
      name: JobName.ResearchStep,
      queueName: QueueName.Research,
      data: { runId: run.id, step: key } satisfies ResearchJobData,
      opts: {
        jobId: stepJobId(run.id, run.attempt, key),
        attempts: STEP_ATTEMPTS,
        backoff: { type: 'exponential' as const, delay: 2000 },
        failParentOnFailure: true,
      },
    };
  }

  @OnJob(JobName.ResearchPlan)
  async plan(job: Job<ResearchJobData>, token?: string, signal?: AbortSignal): Promise<unknown> {
    const run = await this.repo.run(job.data.runId);
    if (!run || run.status !== 'planning') return { skipped: true };
    const plan = await this.step(job, token, signal, run, 'plan', 'plan', async (ctx) => {
      const question = (await this.repo.questionText(run.question_id)) ?? '';
      const reply = await ctx.generate(planReplySchema, planPrompt(question, new Date().getFullYear()), 'main', 'research_plan');
      return normalisePlan(reply);
    });
    if (!plan) return { cancelled: true };
    const outcome = await this.lifecycle.planned(run, plan, this.config.research.planReview);
    if (this.config.research.planReview) return { awaiting: true };
    if (typeof outcome === 'object') return { refused: outcome.refused };
    if (outcome === 'queued') await this.startFlow(run.id);
    return { started: true };
  }

  @OnJob(JobName.ResearchRun)
  async run(job: Job<ResearchJobData>, token?: string): Promise<unknown> {
    const runId = job.data.runId;
    let run = await this.repo.run(runId);
    if (!run || !['queued', 'running'].includes(run.status)) return { status: run?.status ?? 'gone' };
    if (run.status === 'queued') await this.lifecycle.begin(runId);
    let lastStage: ResearchStage | null = null;
    for (;;) {
      run = (await this.repo.run(runId))!;
      if (run.status !== 'running') {
        await this.lifecycle.settle(runId);
        return { status: run.status };
      }
      const outputs = await this.outputs(runId);
      const next = this.nextStage(run.plan!, outputs);
      if (!next) {
        await this.lifecycle.complete(runId);
        await job.updateProgress({ stage: 'done', done: 1, total: 1 });
        return { status: 'completed' };
      }
      const pending = next.keys.filter((k) => !FINISHED.has(outputs.get(k)?.status ?? 'pending'));
      await this.repo.update(runId, { stage: next.stage, progress_done: next.keys.length - pending.length, progress_total: next.keys.length });
      await job.updateProgress({ stage: next.stage, done: next.keys.length - pending.length, total: next.keys.length });
      if (next.stage === lastStage) {
        // Children were added but their steps are not finished: do not spin; let the job's retry look again.
        throw new Error(`Stage ${next.stage} did not finish: ${pending.join(', ')}`);
      }
      const queue = this.jobs.queue(QueueName.Research);
      for (const key of pending) {
        const spec = this.childSpec(run, key);
        await queue.add(spec.name, spec.data, { ...spec.opts, parent: { id: job.id!, queue: job.queueQualifiedName } });
      }
      if (await job.moveToWaitingChildren(token!)) throw new WaitingChildrenError();
      lastStage = next.stage;
    }
  }

  @OnJob(JobName.ResearchStep)
  async runStep(job: Job<ResearchJobData>, token?: string, signal?: AbortSignal): Promise<unknown> {
    const run = await this.repo.run(job.data.runId);
    const key = job.data.step!;
    if (!run || !['queued', 'running'].includes(run.status)) return { skipped: run?.status ?? 'gone' };
    const handler = this.handler(key.split('-')[0] as ResearchStage);
    const out = await this.step(job, token, signal, run, key, handler.stage, async (ctx) => {
      const outputs = await this.outputs(run.id);
      const question = (await this.repo.questionText(run.question_id)) ?? '';
      return handler.run({ ctx, key, question, outputs });
    }, handler.records?.bind(handler));
    return { step: key, done: out !== null };
  }

  /**
   * Runs one step unless its row says it is finished (then its stored output is the answer and no model is called).
   * Null when the run was cancelled meanwhile.
   */
  private async step<T>(
    job: Job<ResearchJobData>,
    token: string | undefined,
    jobSignal: AbortSignal | undefined,
    run: RunRow,
    key: string,
    stage: ResearchStage,
    work: (ctx: StepContext) => Promise<T>,
    recordsOf?: (output: unknown) => LiteratureRecord[],
  ): Promise<T | null> {
    const existing = await this.repo.step(run.id, key);
    if (existing && FINISHED.has(existing.status)) return existing.output as T;
    await this.repo.startStep(run.id, key, stage);
    const controller = new AbortController();
    const onJobAbort = () => controller.abort(new RunCancelled('job aborted'));
    jobSignal?.addEventListener('abort', onJobAbort, { once: true });
    const poll = setInterval(() => {
      void this.repo.status(run.id).then(
        (status) => status === 'cancelled' && controller.abort(new RunCancelled('cancelled')),
        () => undefined,
      );
    }, CANCEL_POLL_MS);
    const usage = { prompt: 0, completion: 0, calls: 0 };
    const model = meteredModel(this.ai, {
      signal: controller.signal,
      beforeCall: async () => {
        if ((await this.repo.status(run.id)) === 'cancelled') throw new RunCancelled('cancelled');
      },
      count: async (result) => {
        if (job.data.rateLimitWaits) await job.updateData({ ...job.data, rateLimitWaits: 0 });
        usage.prompt += result.usage.promptTokens;
        usage.completion += result.usage.completionTokens;
        usage.calls++;
        await this.repo.addUsage(run.id, result.usage.promptTokens, result.usage.completionTokens, result.costUsd);
      },
    });
    const ctx: StepContext = { run, signal: controller.signal, generate: model };
    const counted = () => ({ promptTokens: usage.prompt, completionTokens: usage.completion, modelCalls: usage.calls });
    try {
      const output = await work(ctx);
      await this.repo.finishStep(run.id, key, output === SKIPPED ? 'skipped' : 'done', {
        output: output === SKIPPED ? null : output,
        ...counted(),
        ...(recordsOf && output !== SKIPPED ? { records: recordsOf(output) } : {}),
      });
      return output;
    } catch (error) {
      if (controller.signal.aborted || error instanceof RunCancelled) {
        await this.repo.finishStep(run.id, key, 'cancelled', counted());
        return null;
      }
      const stepFailed = async (message: string) => {
        await this.repo.finishStep(run.id, key, 'failed', { error: message, ...counted() });
        this.logger.warn({ runId: run.id, step: key, err: message, msg: 'research step failed' });
      };
      return settleFailedRun(error, job, token, { maxRateLimitWaits: this.config.ai.rateLimitMaxDelays, defaultRateLimitDelayMs: 5000 }, {
        // Counted in the step job's data: each step waits on its own.
        rateLimitWaits: async () => job.data.rateLimitWaits ?? 0,
        waitingForRateLimit: async (message) => {
          await this.repo.finishStep(run.id, key, 'failed', { error: message, ...counted() });
          await job.updateData({ ...job.data, rateLimitWaits: (job.data.rateLimitWaits ?? 0) + 1 });
        },
        failed: async (message) => {
          await stepFailed(message);
          await this.lifecycle.fail(run.id, message, key);
        },
        retrying: stepFailed,
      });
    } finally {
      clearInterval(poll);
      jobSignal?.removeEventListener('abort', onJobAbort);
    }
  }

  private async outputs(runId: number): Promise<StepOutputs> {
    return new Map((await this.repo.steps(runId)).map((s) => [s.step_key, s]));
  }

  /** The first stage (in the handlers' order) with an unfinished step, or null when every stage is finished. */
  private nextStage(plan: ResearchPlan, outputs: StepOutputs): { stage: ResearchStage; keys: string[] } | null {
    for (const handler of this.stages) {
      const keys = handler.keys(plan, outputs);
      if (keys.some((k) => !FINISHED.has(outputs.get(k)?.status ?? 'pending'))) return { stage: handler.stage, keys };
    }
    return null;
  }
}
