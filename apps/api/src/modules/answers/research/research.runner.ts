import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  aiRateLimitGaveUpMessage, JobName, QueueName, RESEARCH_DATABASES, ResearchCounts, ResearchDatabase, ResearchPlan, ResearchQueryLog, ResearchStage,
} from '@cqa/contracts';
import { DelayedError, FlowProducer, Job, UnrecoverableError, WaitingChildrenError } from 'bullmq';
import type { z } from 'zod';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { OnJob } from '../../../queues/job-handler.decorator';
import { JobQueue } from '../../../queues/job-queue.service';
import {
  AiError, AiMessage, AiModelChoice, AiProvider, AiRateLimitedError, asSent, checkRetractions, dedupeRecords, fitRecords, idsOf, judgeChecks, judgeReplySchema, LITERATURE_CLIENTS, LiteratureRecord, resolveIds, SUPPORT_JUDGE_SCHEMA_NAME, toClaimCheckView, type LiteratureClients,
} from '../../ai';
import { buildReport, checkReportClaims, fallbackReply } from './research-report';
import { ClaimChecksRepository } from '../claim-checks.repository';
import { extractionPrompt, planPrompt, reportPrompt, screeningPrompt } from './research.prompts';
import { ResearchRepository, RunRow } from './research.repository';
import {
  ExtractionReply, extractionReplySchema, planReplySchema, ReportReply, reportReplySchema, screeningReplySchema,
} from './research.schemas';
import { normalisePlan } from './research-plan';
import { ResearchBudgets } from './research-budgets';

export interface ResearchJobData {
  runId: number;
  step?: string;
  /** Consecutive 429 waits of this step's job (AI_RATE_LIMIT_MAX_DELAYS); a successful model call sets it back to 0. */
  rateLimitWaits?: number;
}

interface SearchOutput extends ResearchQueryLog {
  records: LiteratureRecord[];
}
interface DedupeOutput {
  found: number;
  records: LiteratureRecord[];
  resolved: string[];
}
interface ScreenOutput {
  decisions: Array<{ record: number; include: boolean; reason: string }>;
}
interface ExtractOutput {
  extraction: ExtractionReply | null;
}
interface ReportOutput {
  records: number[];
  reply: ReportReply;
  byModel: boolean;
  /** What fitting the report prompt into AI_CONTEXT_TOKENS left out or shortened (positions in `records`). */
  contextFit?: { dropped: number[]; shortened: number[] };
}

const STAGE_ORDER: ResearchStage[] = ['search', 'dedupe', 'screen', 'extract', 'report', 'verify', 'publish'];
const FINISHED = new Set(['done', 'skipped']);
const STEP_ATTEMPTS = 3;
/** How often a running step looks for a cancel made by another process. */
const CANCEL_POLL_MS = 500;

export const runJobId = (runId: number, attempt: number) => `research-${runId}-a${attempt}`;
export const stepJobId = (runId: number, attempt: number, key: string) => `research-${runId}-a${attempt}-${key}`;
export const planJobId = (runId: number, attempt: number) => `research-${runId}-plan-a${attempt}`;

export const searchKey = (subQuestion: number, db: ResearchDatabase) => `search-q${subQuestion}-${db}`;

/** Thrown inside a step when its run was cancelled meanwhile. */
class RunCancelled extends Error {}

/** What a step may do: ask the model (counted, budgeted, cancellable) and know whether to stop. */
interface StepContext {
  run: RunRow;
  signal: AbortSignal;
  generate<S extends z.ZodType>(schema: S, messages: AiMessage[], model: AiModelChoice, name: string): Promise<z.output<S>>;
}

/**
 * The worker side of deep research. The parent job ('research-run') looks at the step rows, adds the children of
 * the first unfinished stage and waits for them; each child ('research-step') runs one step and stores its output.
 * A step whose row says done is never run again, so a worker killed mid-run resumes where it was.
 */
@Injectable()
export class ResearchRunner {
  private readonly logger = new Logger('research');

  constructor(
    private readonly repo: ResearchRepository,
    private readonly jobs: JobQueue,
    private readonly ai: AiProvider,
    @Inject(LITERATURE_CLIENTS) private readonly literature: LiteratureClients,
    private readonly claimChecks: ClaimChecksRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly budgets: ResearchBudgets,
  ) {}

  /** Starts the flow of an approved run: the parent and its search children, in one FlowProducer call. */
  async startFlow(runId: number): Promise<void> {
    const run = (await this.repo.run(runId))!;
    const queue = this.jobs.queue(QueueName.Research);
    const flow = new FlowProducer({ connection: queue.opts.connection, prefix: queue.opts.prefix });
    try {
      const keys = this.stageKeys('search', run.plan!, new Map());
      await flow.add({
        name: JobName.ResearchRun,
        queueName: QueueName.Research,
        data: { runId } satisfies ResearchJobData,
        opts: { jobId: runJobId(runId, run.attempt), attempts: STEP_ATTEMPTS, backoff: { type: 'exponential', delay: 2000 } },
        children: (keys ?? []).map((key) => this.childSpec(run, key)),
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
    if (this.config.research.planReview) {
      await this.repo.transition(run.id, ['planning'], { plan, status: 'awaiting_approval' });
      return { awaiting: true };
    }
    // Approved as proposed: its token limit is reserved as an approval would (the starter's budget, or only the platform's).
    try {
      await this.budgets.reserveTokens(run.id, run.started_by, 0);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.repo.transition(run.id, ['planning'], { plan, status: 'failed', error: message, failed_step: 'plan', finished_at: new Date() });
      return { refused: message };
    }
    if (await this.repo.transition(run.id, ['planning'], { plan, status: 'queued', plan_approved_at: new Date() })) await this.startFlow(run.id);
    else await this.budgets.settleTokens(run.id, 0);
    return { started: true };
  }

  @OnJob(JobName.ResearchRun)
  async run(job: Job<ResearchJobData>, token?: string): Promise<unknown> {
    const runId = job.data.runId;
    let run = await this.repo.run(runId);
    if (!run || !['queued', 'running'].includes(run.status)) return { status: run?.status ?? 'gone' };
    if (run.status === 'queued') await this.repo.transition(runId, ['queued'], { status: 'running' });
    let lastStage: ResearchStage | null = null;
    for (;;) {
      run = (await this.repo.run(runId))!;
      if (run.status !== 'running') {
        await this.settle(runId);
        return { status: run.status };
      }
      const outputs = await this.outputs(runId);
      const next = this.nextStage(run.plan!, outputs);
      if (!next) {
        await this.repo.transition(runId, ['running'], { status: 'completed', stage: 'done', finished_at: new Date() });
        await this.settle(runId);
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
    const stage = key.split('-')[0] as ResearchStage;
    const out = await this.step(job, token, signal, run, key, stage, (ctx) => this.execute(ctx, key));
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
    const ctx: StepContext = {
      run,
      signal: controller.signal,
      generate: async (schema, messages, model, name) => {
        if ((await this.repo.status(run.id)) === 'cancelled') throw new RunCancelled('cancelled');
        controller.signal.throwIfAborted();
        // No sampling parameters here: AI_TEMPERATURE (unset by default) is the provider's, and reasoning models refuse any.
        const result = await this.ai.generateStructured(schema, messages, { model, signal: controller.signal, schemaName: name });
        if (job.data.rateLimitWaits) await job.updateData({ ...job.data, rateLimitWaits: 0 });
        usage.prompt += result.usage.promptTokens;
        usage.completion += result.usage.completionTokens;
        usage.calls++;
        await this.repo.addUsage(run.id, result.usage.promptTokens, result.usage.completionTokens, result.costUsd);
        return result.value;
      },
    };
    const counted = () => ({ promptTokens: usage.prompt, completionTokens: usage.completion, modelCalls: usage.calls });
    try {
      const output = await work(ctx);
      await this.repo.finishStep(run.id, key, output === SKIPPED ? 'skipped' : 'done', {
        output: output === SKIPPED ? null : output,
        ...counted(),
        ...(key === 'dedupe' && output !== SKIPPED ? { records: (output as DedupeOutput).records } : {}),
      });
      return output;
    } catch (error) {
      if (controller.signal.aborted || error instanceof RunCancelled) {
        await this.repo.finishStep(run.id, key, 'cancelled', counted());
        return null;
      }
      let message = error instanceof Error ? error.message : String(error);
      let unrecoverable = error instanceof AiError && !error.retryable;
      if (error instanceof AiRateLimitedError && token) {
        const waits = job.data.rateLimitWaits ?? 0;
        if (waits < this.config.ai.rateLimitMaxDelays) {
          // A rate limit is not the step's fault: wait, without spending an attempt (so many times in a row).
          await this.repo.finishStep(run.id, key, 'failed', { error: message, ...counted() });
          await job.updateData({ ...job.data, rateLimitWaits: waits + 1 });
          await job.moveToDelayed(Date.now() + (error.retryAfterMs ?? 5000), token);
          throw new DelayedError();
        }
        message = aiRateLimitGaveUpMessage(waits);
        unrecoverable = true;
      }
      await this.repo.finishStep(run.id, key, 'failed', { error: message, ...counted() });
      if (unrecoverable || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        await this.repo.transition(run.id, ['planning', 'running', 'queued'], {
          status: 'failed', error: message, failed_step: key, finished_at: new Date(),
        });
        await this.settle(run.id);
      }
      this.logger.warn({ runId: run.id, step: key, err: message, msg: 'research step failed' });
      throw unrecoverable ? new UnrecoverableError(message) : error;
    } finally {
      clearInterval(poll);
      jobSignal?.removeEventListener('abort', onJobAbort);
    }
  }

  private async outputs(runId: number) {
    return new Map((await this.repo.steps(runId)).map((s) => [s.step_key, s]));
  }

  /** The first stage with an unfinished step, or null when every stage is finished. */
  private nextStage(plan: ResearchPlan, outputs: Map<string, { status: string; output: unknown }>): { stage: ResearchStage; keys: string[] } | null {
    for (const stage of STAGE_ORDER) {
      const keys = this.stageKeys(stage, plan, outputs);
      if (keys === null) return null;
      if (keys.some((k) => !FINISHED.has(outputs.get(k)?.status ?? 'pending'))) return { stage, keys };
    }
    return null;
  }

  /** The step keys of a stage; extraction's depend on screening's output. */
  stageKeys(stage: ResearchStage, plan: ResearchPlan, outputs: Map<string, { output: unknown }>): string[] | null {
    switch (stage) {
      case 'search':
        return plan.subQuestions.flatMap((sq, i) => RESEARCH_DATABASES.filter((db) => sq.queries[db].trim() !== '').map((db) => searchKey(i + 1, db)));
      case 'extract': {
        const screen = outputs.get('screen')?.output as ScreenOutput | undefined;
        return (screen?.decisions ?? []).filter((d) => d.include).map((d) => `extract-r${d.record}`);
      }
      default:
        return [stage];
    }
  }

  private async execute(ctx: StepContext, key: string): Promise<unknown> {
    const run = ctx.run;
    const plan = run.plan!;
    const outputs = await this.outputs(run.id);
    const question = (await this.repo.questionText(run.question_id)) ?? '';
    const search = /^search-q(\d+)-(\w+)$/.exec(key);
    if (search) return this.search(ctx, Number(search[1]), search[2] as ResearchDatabase);
    const extract = /^extract-r(\d+)$/.exec(key);
    const dedupe = () => outputs.get('dedupe')!.output as DedupeOutput;
    if (extract) {
      const record = dedupe().records[Number(extract[1]) - 1];
      if (await this.overBudget(run)) return SKIPPED;
      const prompt = this.fit([record], (r) => extractionPrompt(question, r[0]), extractionReplySchema, run.id, key);
      const extraction = await ctx.generate(extractionReplySchema, prompt.messages, 'main', 'research_extraction');
      return { extraction } satisfies ExtractOutput;
    }
    switch (key) {
      case 'dedupe': {
        const searches = this.searchOutputs(plan, outputs);
        const all = searches.flatMap((s) => s.records);
        const unique = await checkRetractions(this.literature.crossref, dedupeRecords(all), ctx.signal);
        const resolved = await resolveIds(this.literature, idsOf(unique), ctx.signal);
        return { found: all.length, records: unique, resolved: [...resolved.found] } satisfies DedupeOutput;
      }
      case 'screen':
        return this.screen(ctx, question, plan, dedupe().records);
      case 'report': {
        const { records, extractions, ordinals } = this.readRecords(plan, outputs);
        let reply: ReportReply;
        let byModel = false;
        let contextFit: ReportOutput['contextFit'];
        if (records.length === 0 || (await this.overBudget(run))) {
          reply = fallbackReply(extractions, records);
        } else {
          const prompt = this.fit(records, (r) => reportPrompt(question, r, extractions.slice(0, r.length)), reportReplySchema, run.id, key);
          if (prompt.dropped.length || prompt.shortened.length) contextFit = { dropped: prompt.dropped, shortened: prompt.shortened };
          reply = await ctx.generate(reportReplySchema, prompt.messages, 'main', 'research_report');
          byModel = true;
        }
        return { records: ordinals, reply, byModel, ...(contextFit ? { contextFit } : {}) } satisfies ReportOutput;
      }
      case 'verify': {
        const fresh = (await this.repo.run(run.id))!;
        const d = dedupe();
        const report = outputs.get('report')!.output as ReportOutput;
        const records = report.records.map((n) => d.records[n - 1]);
        const extractions = report.records.map((n) => (outputs.get(`extract-r${n}`)?.output as ExtractOutput | undefined)?.extraction ?? null);
        const checks = checkReportClaims(report.reply, records, new Set(d.resolved));
        const supportCheck = this.config.ai.supportJudge ? 'rules_and_judge' : 'rules_only';
        if (supportCheck === 'rules_and_judge') {
          await judgeChecks(checks, (messages) => ctx.generate(judgeReplySchema, messages, 'judge', SUPPORT_JUDGE_SCHEMA_NAME));
        }
        const built = buildReport({
          plan,
          records,
          extractions,
          reply: report.reply,
          checks,
          supportCheck,
          queries: this.searchOutputs(plan, outputs).map(({ records: _r, ...log }) => log),
          counts: this.counts(plan, outputs),
          partial: Boolean(fresh.partial),
          partialReason: fresh.partial_reason,
          contextLeftOut: report.contextFit?.dropped.length ?? 0,
        });
        await this.claimChecks.replace({ researchRunId: run.id }, checks.map((c) => toClaimCheckView(c, supportCheck)));
        return built;
      }
      case 'publish': {
        const verified = outputs.get('verify')!.output as ReturnType<typeof buildReport>;
        const citedUrls = new Set(verified.report.references.map((r) => r.url));
        const cited = dedupe().records.flatMap((r, i) => (citedUrls.has(r.url) ? [i + 1] : []));
        const answerId = await this.repo.publish(run.id, run.question_id, verified.answer, cited);
        if (answerId === null) throw new RunCancelled('cancelled');
        await this.repo.update(run.id, { report: verified.report });
        return { answerId };
      }
      default:
        throw new UnrecoverableError(`Unknown research step ${key}`);
    }
  }

  private async search(ctx: StepContext, subQuestion: number, db: ResearchDatabase): Promise<SearchOutput> {
    const planned = ctx.run.plan!.subQuestions[subQuestion - 1].queries[db];
    // The literature clients scrub every query on its way out (AiModule's guard); the report logs it as it left.
    const sent = asSent(planned);
    const query = sent.personal.length > 0 ? '(not sent: it looked personal)' : sent.text;
    const searchedAt = new Date().toISOString();
    try {
      const records =
        db === 'pubmed'
          ? await this.literature.pubmed.search(planned, { max: 20, signal: ctx.signal })
          : db === 'europepmc'
            ? await this.literature.europePmc.search(planned, { max: 20, signal: ctx.signal })
            : await this.literature.ctgov.search(planned, { max: 10, recruitingOnly: true, signal: ctx.signal });
      return { subQuestion, database: db, query, searchedAt, found: records.length, error: null, records };
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      // One database failing does not sink the run: the report names the gap.
      return { subQuestion, database: db, query, searchedAt, found: 0, error: error instanceof Error ? error.message : String(error), records: [] };
    }
  }

  private async screen(ctx: StepContext, question: string, plan: ResearchPlan, records: LiteratureRecord[]): Promise<ScreenOutput> {
    const decisions: ScreenOutput['decisions'] = [];
    const toModel: number[] = [];
    records.forEach((r, i) => {
      if (r.retraction === 'retracted') decisions.push({ record: i + 1, include: false, reason: 'Retracted publication' });
      else if (r.year !== null && (r.year < plan.yearFrom || r.year > plan.yearTo)) {
        decisions.push({ record: i + 1, include: false, reason: `Published outside ${plan.yearFrom}–${plan.yearTo}` });
      } else toModel.push(i + 1);
    });
    if (toModel.length > 0) {
      if (await this.overBudget(ctx.run)) {
        toModel.forEach((n) => decisions.push({ record: n, include: false, reason: 'Not screened: the run budget was spent' }));
      } else {
        // In batches that fit AI_CONTEXT_TOKENS (one batch without it): every record is screened.
        for (let offset = 0; offset < toModel.length; ) {
          const batch = toModel.slice(offset);
          const prompt = this.fit(batch.map((n) => records[n - 1]), (r) => screeningPrompt(question, plan, r), screeningReplySchema, ctx.run.id, 'screen');
          const reply = await ctx.generate(screeningReplySchema, prompt.messages, 'fast', 'research_screening');
          batch.slice(0, prompt.records.length).forEach((n, i) => {
            const d = reply.decisions.find((x) => x.record === i + 1);
            decisions.push(
              d
                ? { record: n, include: d.include, reason: d.reason.trim().slice(0, 200) || (d.include ? 'Meets the criteria' : 'Does not meet the criteria') }
                : { record: n, include: false, reason: 'No screening decision' },
            );
          });
          offset += prompt.records.length;
        }
      }
    }
    return { decisions: decisions.sort((a, b) => a.record - b.record) };
  }

  private searchOutputs(plan: ResearchPlan, outputs: Map<string, { output: unknown; status: string }>): SearchOutput[] {
    return (this.stageKeys('search', plan, outputs) ?? []).map((k) => outputs.get(k)?.output as SearchOutput).filter(Boolean);
  }

  /** Included records that were read, in record order, with their extraction. */
  private readRecords(plan: ResearchPlan, outputs: Map<string, { output: unknown; status: string }>) {
    const d = outputs.get('dedupe')!.output as DedupeOutput;
    const ordinals = (this.stageKeys('extract', plan, outputs) ?? [])
      .filter((k) => outputs.get(k)?.status === 'done')
      .map((k) => Number(k.slice('extract-r'.length)));
    const extractions = ordinals.map((n) => (outputs.get(`extract-r${n}`)!.output as ExtractOutput).extraction);
    return { records: ordinals.map((n) => d.records[n - 1]), extractions, ordinals };
  }

  private counts(plan: ResearchPlan, outputs: Map<string, { output: unknown; status: string }>): ResearchCounts {
    const d = outputs.get('dedupe')!.output as DedupeOutput;
    const s = outputs.get('screen')!.output as ScreenOutput;
    const excluded = s.decisions.filter((x) => !x.include);
    const reasons = new Map<string, number>();
    excluded.forEach((x) => reasons.set(x.reason, (reasons.get(x.reason) ?? 0) + 1));
    return {
      found: d.found,
      afterDedupe: d.records.length,
      screened: s.decisions.length,
      excluded: excluded.length,
      excludedReasons: [...reasons].map(([reason, count]) => ({ reason, count })),
      included: s.decisions.length - excluded.length,
      extracted: this.readRecords(plan, outputs).records.length,
    };
  }

  /** The prompt for `records`, fitted into AI_CONTEXT_TOKENS (records from the end, then long texts); logged when it had to. */
  private fit<S extends z.ZodType>(
    records: readonly LiteratureRecord[],
    render: (records: readonly LiteratureRecord[]) => AiMessage[],
    schema: S,
    runId: number,
    step: string,
  ) {
    const fitted = fitRecords({ records, render, schema, contextTokens: this.config.ai.contextTokens });
    if (fitted.dropped.length || fitted.shortened.length) {
      this.logger.warn({
        runId, step, recordsSent: fitted.records.length, recordsGiven: records.length, dropped: fitted.dropped.length, shortened: fitted.shortened.length,
        contextTokens: this.config.ai.contextTokens, msg: 'research prompt fitted into AI_CONTEXT_TOKENS',
      });
    }
    return fitted;
  }

  /** The run ended: what it reserved of the daily token budgets and did not use goes back (once). */
  private async settle(runId: number): Promise<void> {
    const fresh = await this.repo.run(runId);
    if (fresh) await this.budgets.settleTokens(runId, fresh.prompt_tokens + fresh.completion_tokens);
  }

  /** Token or time budget spent: marks the run partial (once) and says so. */
  private async overBudget(run: RunRow): Promise<boolean> {
    const fresh = (await this.repo.run(run.id))!;
    if (fresh.partial) return true;
    const tokens = fresh.prompt_tokens + fresh.completion_tokens;
    const started = (fresh.plan_approved_at ?? fresh.created_at).getTime();
    let reason: string | null = null;
    if (tokens >= this.config.research.maxTokens) reason = `the token budget of ${this.config.research.maxTokens} was spent`;
    else if (Date.now() - started > this.config.research.maxMinutes * 60_000) reason = `the time budget of ${this.config.research.maxMinutes} minutes ran out`;
    if (!reason) return false;
    await this.repo.update(run.id, { partial: 1, partial_reason: reason });
    return true;
  }
}

/** A step's output meaning "skipped" (budget spent): stored as status 'skipped'. */
const SKIPPED = Symbol('skipped') as unknown as never;
