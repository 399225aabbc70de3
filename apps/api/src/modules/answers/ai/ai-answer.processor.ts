import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AI_NOT_CONFIGURED_MESSAGE, AiAnswerDetails, AiAnswerStage, AiContextFit, AiProfileField, aiProfileContext, AiRunTimings, JobName,
} from '@cqa/contracts';
import { Job, UnrecoverableError } from 'bullmq';
import { mayUseProfile } from '../../../common/access/ai-profile-consent';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { OnJob } from '../../../queues/job-handler.decorator';
import {
  AiProvider, AiRateLimitedError, CITED_ANSWER_SCHEMA_NAME, citedAnswerSchema, fitAnswerPrompt, judgeReplySchema, SUPPORT_JUDGE_SCHEMA_NAME, verifyAnswer,
} from '../../ai';
import { PatientAccess } from '../../profiles/patient-access.service';
import { meteredModel } from '../generation/metered-model';
import { LiteratureRetrieval } from '../generation/retrieval';
import { settleFailedRun } from '../generation/run-failure';
import { ClaimChecksRepository } from '../claim-checks.repository';
import type { AiAnswerJobPayload } from './ai-answers.service';
import { AI_RUN_STEPS, AiRunsRepository, AiRunRow, RunQuestion, STAGE_DONE } from './ai-runs.repository';

/** Used when a 429 carries no Retry-After. */
export const DEFAULT_RATE_LIMIT_DELAY_MS = 30_000;
export const SEARCH_METHOD = 'PubMed, Europe PMC and ClinicalTrials.gov search; every citation checked against the retrieved records';

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
    private readonly retrieval: LiteratureRetrieval,
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
    let answeredBy: string | null = null;
    // Every call's tokens and cost count in the run's; the run's model is the writer's, not the planner's or the judge's.
    const model = meteredModel(this.provider, {
      signal,
      count: async (result, choice) => {
        if (choice === 'main') answeredBy = result.model;
        await this.runs.addUsage(runId, {
          model: choice === 'main' ? result.model : null, promptTokens: result.usage.promptTokens, completionTokens: result.usage.completionTokens, costUsd: result.costUsd,
        });
      },
    });
    await this.runs.markRunning(runId);
    await job.updateProgress({ stage: 'retrieving', done: 0, total: AI_RUN_STEPS });
    const question = await this.runs.question(Number(run.question_id));
    if (!question) return { answerId: null, skipped: 'question deleted' };

    let t = Date.now();
    const retrieved = await this.retrieval.retrieve({
      runId, question: question.question_text, cancerType: question.cancer_type, model, signal,
      searched: (step, queries, search) =>
        this.runs.recordQuery(runId, { step, database: search.database, query: search.query, source: queries.source, found: search.found, error: search.error }),
    });
    const numbered = await this.runs.storeRecords(runId, retrieved.records);
    clock.retrieval = Date.now() - t;

    const context = await this.patientContext(run, question);
    await this.runs.setProfileFields(runId, context.fieldsUsed);

    await stage('generating');
    t = Date.now();
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
      answer = await model(citedAnswerSchema, prompt.messages, 'main', CITED_ANSWER_SCHEMA_NAME);
    }
    clock.model = Date.now() - t;

    await stage('verifying');
    t = Date.now();
    // Crossref's retraction notices are stored with the records.
    const checked = await this.retrieval.checkSources(numbered, signal);
    await this.runs.saveRetractions(checked.records.map((r) => ({ recordId: r.recordId, retraction: r.retraction })));
    const verified = await verifyAnswer(
      { answer, records: checked.records, resolvedIds: checked.resolved },
      // The support judge (AI_MODEL_JUDGE): its tokens and cost count in the run's.
      this.config.ai.supportJudge ? { mode: 'rules_and_judge', call: (messages) => model(judgeReplySchema, messages, 'judge', SUPPORT_JUDGE_SCHEMA_NAME) } : { mode: 'rules_only' },
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
      model: answeredBy ?? this.provider.modelName('main') ?? 'unknown',
      generated_at: new Date().toISOString(),
      statements: verified.claims,
      unsupported_claims: verified.unsupportedClaims,
      withheld_count: verified.unsupportedClaims.length,
      support_check: verified.supportCheck,
      excluded_sources: verified.excludedSources,
      profile_fields_used: context.fieldsUsed,
      ...(contextFit ? { context_fit: contextFit } : {}),
      ...(retrieved.failedSearches.length > 0 ? { failed_searches: retrieved.failedSearches } : {}),
    };
    const outcome = await this.runs.publish({
      runId, questionId: Number(question.id), markdown: verified.markdown, sourceLines: verified.sourceLines, searchMethod: SEARCH_METHOD, details,
    });
    clock.publish = Date.now() - t;
    await this.runs.setTimings(runId, totals(clock, started));
    if (outcome.kind === 'gone') return { answerId: null, skipped: 'question deleted' };
    await job.updateProgress({ stage: 'done', done: AI_RUN_STEPS, total: AI_RUN_STEPS });
    this.logger.log({ runId, status: verified.status, sources: verified.sources.length, withheld: verified.unsupportedClaims.length, failedSearches: retrieved.failedSearches.length, msg: 'AI answer published' });
    return { answerId: outcome.answerId, ...(outcome.kind === 'already' ? { skipped: 'already published' } : {}) };
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


function totals(clock: Clock, started: number): AiRunTimings {
  return { ...clock, total: Date.now() - started };
}
