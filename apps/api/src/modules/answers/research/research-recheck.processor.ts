import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { JobName, QueueName } from '@cqa/contracts';
import type { Job } from 'bullmq';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { OnJob } from '../../../queues/job-handler.decorator';
import { JobQueue } from '../../../queues/job-queue.service';
import type { LiteratureClients } from '../../ai/literature/literature-clients';
import { LITERATURE_CLIENTS } from '../../ai/ai.module';
import { AnswerRetractionsRepository } from '../answer-retractions.repository';
import { ResearchRepository } from './research.repository';

export const RECHECK_SCHEDULER_ID = 'research-recheck-nightly';

/**
 * Keeps published answers true over time: every night each source with a DOI cited by a published deep research report
 * or AI answer is checked at Crossref again; one that is now retracted flags the report (admins list the flags, the
 * report shows it) or the AI answer (the answer shows it above its text, its source is badged retracted).
 */
@Injectable()
export class ResearchRecheckProcessor implements OnModuleInit {
  private readonly logger = new Logger('research-recheck');

  constructor(
    private readonly repo: ResearchRepository,
    private readonly answers: AnswerRetractionsRepository,
    private readonly jobs: JobQueue,
    @Inject(LITERATURE_CLIENTS) private readonly literature: LiteratureClients,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const queue = this.jobs.queue(QueueName.Research);
    try {
      if (this.config.research.recheckCron) {
        await queue.upsertJobScheduler(RECHECK_SCHEDULER_ID, { pattern: this.config.research.recheckCron }, { name: JobName.ResearchRecheck, data: {} });
      } else {
        await queue.removeJobScheduler(RECHECK_SCHEDULER_ID);
      }
    } catch (error) {
      this.logger.warn({ err: String(error), msg: 'could not schedule the nightly retraction re-check' });
    }
  }

  @OnJob(JobName.ResearchRecheck)
  async recheck(_job: Job, _token?: string, signal?: AbortSignal): Promise<{ checked: number; flagged: number }> {
    const reports = await this.recheckReports(signal);
    const answers = await this.recheckAiAnswers(signal);
    const checked = reports.checked + answers.checked;
    const flagged = reports.flagged + answers.flagged;
    this.logger.log({ checked, flagged, aiAnswersFlagged: answers.flagged, msg: 'retraction re-check done' });
    return { checked, flagged };
  }

  /** Each DOI is asked once per night, however many answers cite it. */
  private async recheckAiAnswers(signal?: AbortSignal): Promise<{ checked: number; flagged: number }> {
    const status = new Map<string, Promise<string>>();
    let checked = 0;
    let flagged = 0;
    for (const answer of await this.answers.publishedAiAnswers()) {
      for (const source of answer.details.sources) {
        if (!source.doi || source.retraction === 'retracted') continue;
        const key = source.doi.toLowerCase();
        if (!status.has(key)) {
          checked++;
          status.set(key, this.literature.crossref.retractionStatus(source.doi, signal));
        }
        if ((await status.get(key)) !== 'retracted') continue;
        if (await this.answers.flagRetracted(answer, source)) flagged++;
      }
    }
    return { checked, flagged };
  }

  private async recheckReports(signal?: AbortSignal): Promise<{ checked: number; flagged: number }> {
    let checked = 0;
    let flagged = 0;
    for (const run of await this.repo.publishedRuns()) {
      const report = run.report!;
      let changed = false;
      for (const source of report.references) {
        if (!source.doi || source.retraction === 'retracted') continue;
        checked++;
        const status = await this.literature.crossref.retractionStatus(source.doi, signal);
        if (status !== 'retracted') continue;
        source.retraction = 'retracted';
        changed = true;
        if (await this.repo.flag(run.id, `doi:${source.doi.toLowerCase()}`, source)) flagged++;
      }
      for (const row of report.evidenceTable) {
        if (report.references.some((r) => r.retraction === 'retracted' && r.url === row.url)) row.retraction = 'retracted';
      }
      if (changed) await this.repo.update(run.id, { report });
    }
    return { checked, flagged };
  }
}
