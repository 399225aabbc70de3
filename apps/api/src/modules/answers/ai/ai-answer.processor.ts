import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AI_NOT_CONFIGURED_MESSAGE, AiAnswerDetails, AiAnswerStage, AiContextFit, AiProfileField, aiProfileContext, AiRunTimings, JobName,
} from '@cqa/contracts';
import { Job, UnrecoverableError } from 'bullmq';
import { z, ZodError, type ZodType } from 'zod';
import { mayUseProfile } from '../../../common/access/ai-profile-consent';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { OnJob } from '../../../queues/job-handler.decorator';
import {
  AiBadOutputError, AiMessage, AiModelChoice, AiProvider, AiRateLimitedError, asSent, broadenPlanned, checkRetractions, CITED_ANSWER_SCHEMA_NAME, citedAnswerSchema, dedupeRecords, fallbackQueries, fitAnswerPrompt, InvalidQueryPlanError, judgeReplySchema, LITERATURE_CLIENTS, LiteratureHttpError, LiteratureQueries, LiteratureRecord, PersonalQueryRefusedError, planQueries, QUERY_PLAN_SCHEMA_NAME, queryPlanSchema, recordIdKeys, RELEVANCE_SCHEMA_NAME, relevanceReplySchema, resolveIds, screenRecords, SUPPORT_JUDGE_SCHEMA_NAME, verifyAnswer, type LiteratureClients,
} from '../../ai';
import { PatientAccess } from '../../profiles/patient-access.service';
import { settleFailedRun } from '../generation/run-failure';
import { ClaimChecksRepository } from '../claim-checks.repository';
import type { AiAnswerJobPayload } from './ai-answers.service';
import { AI_RUN_STEPS, AiRunsRepository, AiRunRow, NumberedRecord, RunQuestion, STAGE_DONE } from './ai-runs.repository';

/** At most this many records go to the model, in retrieval order. */
export const MAX_RECORDS = 20;
/** Fewer relevant records than this after a search: search again, broader. */
export const THIN_RESULT = 5;
/** The first search and at most two broadenings. */
export const MAX_SEARCH_STEPS = 3;
/** At most this many new records of one search are screened. */
export const MAX_SCREENED = 30;
/** Used when a 429 carries no Retry-After. */
export const DEFAULT_RATE_LIMIT_DELAY_MS = 30_000;
export const SEARCH_METHOD = 'PubMed, Europe PMC and ClinicalTrials.gov search; every citation checked against the retrieved records';

/** A failure the queue should retry (literature APIs all down, say). */
class RetryableRunError extends Error {}

interface Clock {
  retrieval: number;
  model: number;
  verification: number;
  publish: number;
}

/**
 * The `ai-answer` job: retrieve → store records → model → verify → publish. The verifier, not the model, decides what
 * is published. A re-delivered job of a succeeded run does nothing; a run interrupted anywhere starts again from
 * retrieval (its records are renumbered, its answer inserted only in the publishing transaction).
 */
@Injectable()
export class AiAnswerProcessor {
  private readonly logger = new Logger('ai-answer');

  constructor(
    private readonly runs: AiRunsRepository,
    private readonly provider: AiProvider,
    @Inject(LITERATURE_CLIENTS) private readonly literature: LiteratureClients,
    private readonly patients: PatientAccess,
    private readonly claimChecks: ClaimChecksRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnJob(JobName.AiAnswer)
  async process(job: Job<AiAnswerJobPayload>, token?: string, signal?: AbortSignal): Promise<{ answerId: number | null; skipped?: string }> {
    const runId = Number(job.data.runId);
    const run = await this.runs.run(runId);
    if (!run) return { answerId: null, skipped: 'run not found (its question was deleted)' };
    if (run.status === 'succeeded') return { answerId: run.answer_id == null ? null : Number(run.answer_id), skipped: 'already published' };
    if (!this.provider.isConfigured) {
      await this.runs.fail(runId, AI_NOT_CONFIGURED_MESSAGE);
      throw new UnrecoverableError(AI_NOT_CONFIGURED_MESSAGE);
    }
    const clock: Clock = { retrieval: 0, model: 0, verification: 0, publish: 0 };
    const started = Date.now();
    try {
      return await this.execute(job, run, clock, signal);
    } catch (error) {
      const timings = totals(clock, started);
      // A job stopped by its worker's shutdown goes back for another worker (a rate limit is still waited out).
      if (signal?.aborted && !(error instanceof AiRateLimitedError && token)) {
        await this.runs.requeue(runId, null);
        throw error;
      }
      return settleFailedRun(error, job, token, { maxRateLimitWaits: this.config.ai.rateLimitMaxDelays, defaultRateLimitDelayMs: DEFAULT_RATE_LIMIT_DELAY_MS }, {
        // Counted on the run row: the run's job is the run.
        rateLimitWaits: async () => Number((await this.runs.run(runId))?.rate_limit_waits ?? 0),
        waitingForRateLimit: () => this.runs.requeueForRateLimit(runId),
        failed: (message) => this.runs.fail(runId, message, timings),
        retrying: () => this.runs.requeue(runId, null),
      });
    }
  }

  private async execute(job: Job<AiAnswerJobPayload>, run: AiRunRow, clock: Clock, signal?: AbortSignal) {
    const runId = Number(run.id);
    const started = Date.now();
    const stage = async (name: AiAnswerStage) => {
      await this.runs.progress(runId, name);
      await job.updateProgress({ stage: name, done: STAGE_DONE[name], total: AI_RUN_STEPS });
    };
    await this.runs.markRunning(runId);
    await job.updateProgress({ stage: 'retrieving', done: 0, total: AI_RUN_STEPS });
    const question = await this.runs.question(Number(run.question_id));
    if (!question) return { answerId: null, skipped: 'question deleted' };

    let t = Date.now();
    const records = await this.retrieve(runId, question, signal);
    const numbered = await this.runs.storeRecords(runId, records);
    clock.retrieval = Date.now() - t;

    const context = await this.patientContext(run, question);
    await this.runs.setProfileFields(runId, context.fieldsUsed);

    await stage('generating');
    t = Date.now();
    let model = this.provider.modelName('main') ?? 'unknown';
    let answer = { insufficient_evidence: true, claims: [] as Array<{ text: string; citations: number[]; quotes: Array<{ source: number; text: string }> }> };
    let contextFit: AiContextFit | null = null;
    if (numbered.length > 0) {
      const prompt = fitAnswerPrompt({
        question: question.question_text, records: numbered, patientContext: context.lines, contextTokens: this.config.ai.contextTokens,
      });
      contextFit = prompt.fit;
      if (contextFit) {
        this.logger.warn({
          runId, recordsSent: contextFit.records_sent, recordsGiven: contextFit.records_given, dropped: contextFit.dropped.length,
          shortened: contextFit.shortened.length, contextTokens: contextFit.context_tokens, msg: 'AI answer prompt fitted into AI_CONTEXT_TOKENS',
        });
      }
      const result = await this.provider.generateStructured(citedAnswerSchema, prompt.messages, {
        model: 'main', signal, schemaName: CITED_ANSWER_SCHEMA_NAME,
      });
      model = result.model;
      answer = result.value;
      await this.runs.addUsage(runId, { model: result.model, promptTokens: result.usage.promptTokens, completionTokens: result.usage.completionTokens, costUsd: result.costUsd });
    }
    clock.model = Date.now() - t;

    await stage('verifying');
    t = Date.now();
    const checked = await this.checkRecords(numbered, signal);
    const resolved = await resolveIds(this.literature, idsToResolve(checked), signal);
    const verified = await verifyAnswer(
      { answer, records: checked, resolvedIds: resolved.found },
      this.config.ai.supportJudge ? { mode: 'rules_and_judge', call: (messages) => this.judge(runId, messages, signal) } : { mode: 'rules_only' },
      question.cancer_type,
    );
    await this.claimChecks.replace({ aiRunId: runId }, verified.claimChecks);
    clock.verification = Date.now() - t;

    await stage('publishing');
    t = Date.now();
    const details: AiAnswerDetails = {
      run_id: runId,
      status: verified.status,
      insufficient_evidence: verified.status === 'insufficient_evidence',
      sources: verified.sources,
      grade: verified.grade,
      grade_reasons: verified.gradeReasons,
      model,
      generated_at: new Date().toISOString(),
      statements: verified.claims,
      unsupported_claims: verified.unsupportedClaims,
      withheld_count: verified.unsupportedClaims.length,
      support_check: verified.supportCheck,
      excluded_sources: verified.excludedSources,
      profile_fields_used: context.fieldsUsed,
      ...(contextFit ? { context_fit: contextFit } : {}),
    };
    const outcome = await this.runs.publish({
      runId, questionId: Number(question.id), markdown: verified.markdown, sourceLines: verified.sourceLines, searchMethod: SEARCH_METHOD, details,
    });
    clock.publish = Date.now() - t;
    await this.runs.setTimings(runId, totals(clock, started));
    if (outcome.kind === 'gone') return { answerId: null, skipped: 'question deleted' };
    await job.updateProgress({ stage: 'done', done: AI_RUN_STEPS, total: AI_RUN_STEPS });
    this.logger.log({ runId, status: verified.status, sources: verified.sources.length, withheld: verified.unsupportedClaims.length, msg: 'AI answer published' });
    return { answerId: outcome.answerId, ...(outcome.kind === 'already' ? { skipped: 'already published' } : {}) };
  }

  /** One batch of claims for the support judge (AI_MODEL_JUDGE); its tokens and cost count in the run's. */
  private judge(runId: number, messages: AiMessage[], signal?: AbortSignal) {
    return this.fast(runId, judgeReplySchema, messages, SUPPORT_JUDGE_SCHEMA_NAME, signal, 'judge');
  }

  /**
   * Search, screen, and broaden while thin: the planner's queries first (the rule builder's when there is no plan),
   * each search's new records screened for relevance by the fast model, and a broader search while fewer than
   * THIN_RESULT relevant records are in hand (at most MAX_SEARCH_STEPS searches).
   */
  private async retrieve(runId: number, question: RunQuestion, signal?: AbortSignal): Promise<LiteratureRecord[]> {
    const ladder = await this.searchLadder(runId, question, signal);
    let relevant: LiteratureRecord[] = [];
    const seen = new Set<string>();
    for (let step = 0; step < Math.min(ladder.length, MAX_SEARCH_STEPS); step++) {
      const found = (await this.search(runId, step, ladder[step], signal)).filter((r) => recordIdKeys(r).length > 0);
      const fresh = dedupeRecords(found).filter((r) => !recordIdKeys(r).some((k) => seen.has(k))).slice(0, MAX_SCREENED);
      fresh.forEach((r) => recordIdKeys(r).forEach((k) => seen.add(k)));
      const screened = await screenRecords(question.question_text, fresh, (messages) =>
        this.fast(runId, relevanceReplySchema, messages, RELEVANCE_SCHEMA_NAME, signal));
      relevant = dedupeRecords([...relevant, ...screened.kept]);
      if (relevant.length >= THIN_RESULT) break;
    }
    return relevant.slice(0, MAX_RECORDS);
  }

  /** The planner's queries and their broadening, then the rule builder's ladder; a refused or unreadable plan leaves the rule builder's. */
  private async searchLadder(runId: number, question: RunQuestion, signal?: AbortSignal): Promise<LiteratureQueries[]> {
    const fallback = fallbackQueries(question.question_text, question.cancer_type);
    try {
      const planned = await planQueries(question.question_text, question.cancer_type, (messages) =>
        this.fast(runId, queryPlanSchema, messages, QUERY_PLAN_SCHEMA_NAME, signal));
      const broader = broadenPlanned(planned);
      return [planned, ...(broader ? [broader] : []), ...fallback];
    } catch (error) {
      if (!(error instanceof InvalidQueryPlanError || error instanceof AiBadOutputError || error instanceof ZodError)) throw error;
      // The problems name rules, never the query text (which comes from the question).
      this.logger.warn({ runId, problems: error instanceof InvalidQueryPlanError ? error.problems : [error.name], msg: 'search plan refused; using the rule builder' });
      return fallback;
    }
  }

  /** One search of each database; every query sent is recorded for the audit. Only when every database fails is the run retried. */
  private async search(runId: number, step: number, queries: LiteratureQueries, signal?: AbortSignal): Promise<LiteratureRecord[]> {
    const databases = ([
      ['pubmed', queries.pubmed, () => this.literature.pubmed.search(queries.pubmed, { signal })],
      ['europepmc', queries.europepmc, () => this.literature.europePmc.search(queries.europepmc, { signal })],
      ['ctgov', queries.ctgov, () => this.literature.ctgov.search(queries.ctgov, { signal })],
    ] as const).filter(([, query]) => query.trim() !== '');
    if (databases.length === 0) return [];
    const searches = await Promise.allSettled(databases.map(([, , run]) => run()));
    signal?.throwIfAborted();
    for (const [i, [database, query]] of databases.entries()) {
      const result = searches[i];
      const refused = result.status === 'rejected' && result.reason instanceof PersonalQueryRefusedError;
      await this.runs.recordQuery(runId, {
        // As it left (the guard scrubs on the way out); a refused query's text is not kept.
        step, database, query: refused ? '(not sent)' : asSent(query).text, source: queries.source,
        found: result.status === 'fulfilled' ? result.value.length : null,
        error: result.status === 'rejected' ? describeSearchFailure(result.reason) : null,
      });
    }
    // A query refused for looking personal was never sent: the next, broader step goes on without it.
    const failed = searches.filter((r): r is PromiseRejectedResult => r.status === 'rejected' && !(r.reason instanceof PersonalQueryRefusedError));
    const failures = failed.map((r) => describeSearchFailure(r.reason));
    if (failures.length > 0 && failures.length === searches.length) throw new RetryableRunError(`Literature search failed: ${failures.join('; ')}`);
    if (failures.length > 0) this.logger.warn({ failures, msg: 'a literature source failed; answering from the others' });
    return searches.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
  }

  /** A call of the fast model on the run's account (planning, screening, judging): its tokens and cost count in the run's. */
  private async fast<S extends ZodType>(
    runId: number, schema: S, messages: AiMessage[], schemaName: string, signal?: AbortSignal, model: AiModelChoice = 'fast',
  ): Promise<z.output<S>> {
    const result = await this.provider.generateStructured(schema, messages, { model, signal, schemaName });
    await this.runs.addUsage(runId, { model: null, promptTokens: result.usage.promptTokens, completionTokens: result.usage.completionTokens, costUsd: result.costUsd });
    return result.value;
  }

  /** Crossref's retraction notices for records with a DOI; stored with the records. */
  private async checkRecords(records: NumberedRecord[], signal?: AbortSignal): Promise<NumberedRecord[]> {
    const checked = (await checkRetractions(this.literature.crossref, records, signal)) as NumberedRecord[];
    await this.runs.saveRetractions(checked.map((r) => ({ recordId: r.recordId, retraction: r.retraction })));
    return checked;
  }

  /**
   * Only with the asker's consent and AI_PHI_ALLOWED: the minimised profile (contracts aiProfileContext). Never in
   * the job payload or the logs. A read on behalf of someone other than the patient is written to the audit trail.
   */
  private async patientContext(run: AiRunRow, question: RunQuestion): Promise<{ lines: string[]; fieldsUsed: AiProfileField[] }> {
    if (!mayUseProfile(run.use_profile, this.config.aiAnswers) || !question.patient_id) return { lines: [], fieldsUsed: [] };
    const patient = await this.patients.recordById(question.patient_id);
    if (!patient) return { lines: [], fieldsUsed: [] };
    if (run.requested_by && run.requested_by !== patient.userId) {
      await this.patients.recordAccess({
        actor: { id: run.requested_by, role: run.trigger_kind === 'auto' ? 'patient' : 'admin' },
        patientId: patient.id, action: 'profile.read', ip: null, detail: `ai-answer run ${run.id}`, ownerUserId: patient.userId,
      });
    }
    const profile = (patient.profile ?? {}) as Record<string, unknown>;
    return aiProfileContext({
      age: profile.age ?? patient.age,
      cancer_type: profile.cancer_type ?? patient.cancerType,
      cancer_stage: profile.cancer_stage ?? patient.cancerStage,
      major_treatments: profile.major_treatments,
    });
  }
}


/** PMIDs and NCT ids are checked at their registries; a DOI only when the record has neither (Crossref answered for retractions already). */
function idsToResolve(records: readonly LiteratureRecord[]) {
  return {
    pmids: records.flatMap((r) => (r.pmid ? [r.pmid] : [])),
    nctIds: records.flatMap((r) => (r.nctId ? [r.nctId] : [])),
    dois: records.flatMap((r) => (r.doi && !r.pmid && !r.nctId ? [r.doi] : [])),
  };
}

function totals(clock: Clock, started: number): AiRunTimings {
  return { ...clock, total: Date.now() - started };
}

/** Where and how a search failed, without its query: the search terms come from the question and stay out of logs. */
function describeSearchFailure(error: unknown): string {
  if (error instanceof LiteratureHttpError) {
    let where = 'a literature API';
    try {
      const url = new URL(error.url);
      where = `${url.host}${url.pathname}`;
    } catch {
      /* keep the generic name */
    }
    return `${where} ${error.status === null ? 'did not answer' : `answered ${error.status}`}`;
  }
  if (error instanceof PersonalQueryRefusedError) return `not sent: it looked personal (${error.kinds.join(', ')})`;
  return error instanceof Error ? error.name : 'unknown error';
}
