import { HttpException, HttpStatus, Inject, Injectable, Logger, NotFoundException, OnModuleInit } from '@nestjs/common';
import {
  AiDailyLimitUsage, aiAnswerJobId, AiRunListResponse, AiRunQueryView, AiRunView, AiSettings, AiTexts, ClaimCheckView, JobName, Messages, isAiRunActive,
} from '@cqa/contracts';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import { refuseProfileUnlessAllowed } from '../../../common/access/ai-profile-consent';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { JobQueue } from '../../../queues/job-queue.service';
import { AiProvider } from '../../ai';
import { QuestionEvents } from '../../questions/question-events';
import { ClaimChecksRepository } from '../claim-checks.repository';
import { AiDailyLimits } from './ai-daily-limits';
import { AiRunsRepository, toRunView } from './ai-runs.repository';

export interface RequestAnswerOptions {
  requestedBy: string | null;
  trigger: 'auto' | 'admin' | 'import';
  /** Tailor with the asking patient's minimised profile. Regenerate without it keeps the question's earlier choice. */
  useProfile?: boolean;
  /** A new run even when the question already has an answer; its answer replaces the generated one on publish. */
  regenerate?: boolean;
}

export interface AiAnswerJobPayload {
  runId: number;
}

export const AI_RUN_NOT_FOUND = 'AI answer run not found.';

/** 503 'AI provider not configured'. */
export const aiNotConfigured = () => new HttpException(AiTexts.notConfigured, HttpStatus.SERVICE_UNAVAILABLE);

/**
 * The AI answer of a question: starts runs (each one `ai-answer` job), reports their progress, enforces the daily
 * limits and the consent rule. Used by the question-asked hook, the admin routes and link import.
 */
@Injectable()
export class AiAnswersService implements OnModuleInit {
  private readonly logger = new Logger('ai-answers');

  constructor(
    private readonly runs: AiRunsRepository,
    private readonly provider: AiProvider,
    private readonly jobs: JobQueue,
    private readonly questionEvents: QuestionEvents,
    private readonly claimChecks: ClaimChecksRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limits: AiDailyLimits,
  ) {}

  onModuleInit(): void {
    this.questionEvents.onAsked(async (event) => {
      if (event.role !== 'patient' || !this.isConfigured() || !this.config.aiAnswers.autoAnswer) return;
      try {
        await this.requestAnswer(event.questionId, { requestedBy: event.askedBy, trigger: 'auto', useProfile: event.useProfile });
      } catch (error) {
        // Over a daily limit the question simply waits for the experts (and an admin's Generate).
        if (error instanceof HttpException && error.getStatus() === HttpStatus.TOO_MANY_REQUESTS) {
          this.logger.log({ questionId: event.questionId, msg: 'AI answer skipped: daily limit reached' });
          return;
        }
        throw error;
      }
    });
  }

  isConfigured(): boolean {
    return this.provider.isConfigured;
  }

  settings(): AiSettings {
    return { configured: this.isConfigured(), phiAllowed: this.config.aiAnswers.phiAllowed, autoAnswer: this.config.aiAnswers.autoAnswer };
  }

  /**
   * Creates the question's next run, or returns the one already queued or running (a double click, a retried request),
   * or without `regenerate` the one that already answered; then makes sure its job is queued (its id is derived from
   * the run, so queuing twice adds nothing). Throws 503 when not configured, 404 for an unknown question, 400 for
   * use_profile when AI_PHI_ALLOWED is false, 429 over a daily limit.
   */
  async requestAnswer(questionId: number, opts: RequestAnswerOptions): Promise<{ runId: number }> {
    if (!this.isConfigured()) throw aiNotConfigured();
    refuseProfileUnlessAllowed(opts.useProfile, this.config.aiAnswers);
    if (!(await this.runs.questionExists(questionId))) throw new NotFoundException(Messages.errors.questionNotFound);
    const latest = await this.runs.latestRun(questionId);
    const active = latest && isAiRunActive(latest.status);
    const reuse = latest && (active || (!opts.regenerate && latest.status === 'succeeded'));
    let runId: number;
    if (reuse) {
      runId = Number(latest.id);
      if (!active) return { runId };
    } else {
      const useProfile = opts.useProfile ?? Boolean(latest && Number(latest.use_profile));
      // The daily limits are reserved before the run exists (429 when spent); a run that was there already gives it back.
      const hold = await this.limits.reserve(opts.requestedBy);
      const run = await this.runs
        .createRun({ questionId, generation: (latest?.generation ?? 0) + 1, trigger: opts.trigger, requestedBy: opts.requestedBy, useProfile })
        .catch(async (error: unknown) => {
          await this.limits.release(hold);
          throw error;
        });
      runId = run.id;
      if (!run.created) await this.limits.release(hold);
    }
    await this.jobs.enqueue<AiAnswerJobPayload>(JobName.AiAnswer, { runId }, { jobId: aiAnswerJobId(runId) });
    return { runId };
  }

  async runStatus(runId: number): Promise<AiRunView> {
    const run = await this.runs.run(runId);
    if (!run) throw new NotFoundException('AI run not found.');
    return toRunView(run);
  }

  /** The question's latest run as the caller may see it: patients get the failure text, never the reason. */
  async latestRunFor(caller: AuthenticatedUser, questionId: number): Promise<AiRunView | null> {
    if (!(await this.runs.questionExists(questionId))) throw new NotFoundException(Messages.errors.questionNotFound);
    const run = await this.runs.latestRun(questionId);
    if (!run) return null;
    const view = toRunView(run);
    if (caller.role === 'patient') {
      view.error = view.status === 'failed' ? AiTexts.failed : null;
    }
    return view;
  }

  /** The daily limits and the platform's runs in their window (admins). */
  limitsUsage(): Promise<AiDailyLimitUsage> {
    return this.limits.usage();
  }

  async listRuns(page: number, perPage: number): Promise<AiRunListResponse> {
    const { items, total } = await this.runs.list(page, perPage);
    return { items, total, page, per_page: perPage };
  }

  /** Every claim of one run as the verifier decided it (admins). */
  async runClaims(runId: number): Promise<ClaimCheckView[]> {
    if (!(await this.runs.run(runId))) throw new NotFoundException(AI_RUN_NOT_FOUND);
    return this.claimChecks.list({ aiRunId: runId });
  }

  /** Every literature search one run sent, in order (admins): the audit of what left the platform. */
  async runQueries(runId: number): Promise<AiRunQueryView[]> {
    if (!(await this.runs.run(runId))) throw new NotFoundException(AI_RUN_NOT_FOUND);
    return this.runs.queries(runId);
  }
}
