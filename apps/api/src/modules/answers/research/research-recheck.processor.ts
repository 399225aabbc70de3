import { Inject, Injectable, Logger } from '@nestjs/common';
import { JobName, QueueName } from '@cqa/contracts';
import type { Job } from 'bullmq';
import { OnJob } from '../../../queues/job-handler.decorator';
import { OnSchedule } from '../../../queues/schedule.decorator';
import { LITERATURE_CLIENTS, type LiteratureClients } from '../../ai';
import { AnswerRetractionsRepository } from '../answer-retractions.repository';
import { ResearchRepository } from './research.repository';

export const RECHECK_SCHEDULER_ID = 'research-recheck-nightly';

/**
 * Keeps published answers true over time: every night each source with a DOI cited by a published deep research report
 * or AI answer is checked at Crossref again; one that is now retracted flags the report (admins list the flags, the
 * report shows it) or the AI answer (the answer shows it above its text, its source is badged retracted).
 */
@Injectable()
export class ResearchRecheckProcessor {
  private readonly logger = new Logger('research-recheck');

  constructor(
    private readonly repo: ResearchRepository,
    private readonly answers: AnswerRetractionsRepository,
    @Inject(LITERATURE_CLIENTS) private readonly literature: LiteratureClients,
  ) {}


  @OnJob(JobName.ResearchRecheck)
  @OnSchedule({ name: RECHECK_SCHEDULER_ID, cron: (config) => config.research.recheckCron, queue: QueueName.Research })
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

  /**
   * From the records the published reports cite (research_run_records): each DOI is asked once per night; one now
   * retracted flags every report citing it and is badged in each report's references and evidence table.
   */
  private async recheckReports(signal?: AbortSignal): Promise<{ checked: number; flagged: number }> {
    const status = new Map<string, Promise<string>>();
    const retracted = new Map<number, Set<string>>();
    let checked = 0;
    let flagged = 0;
    for (const record of await this.repo.citedUnflaggedRecords()) {
      const key = record.doi.toLowerCase();
      if (!status.has(key)) {
        checked++;
        status.set(key, this.literature.crossref.retractionStatus(record.doi, signal));
      }
      if ((await status.get(key)) !== 'retracted') continue;
      await this.repo.markRetracted(record.recordId);
      const run = await this.repo.run(record.runId);
      const cited = run?.report?.references.find((r) => r.doi?.toLowerCase() === key);
      const source = { title: cited?.title ?? record.title, url: cited?.url ?? record.url, doi: cited?.doi ?? record.doi, pmid: cited?.pmid ?? record.pmid };
      if (await this.repo.flag(record.runId, `doi:${key}`, source)) flagged++;
      retracted.set(record.runId, (retracted.get(record.runId) ?? new Set()).add(key));
    }
    for (const [runId, dois] of retracted) {
      const report = (await this.repo.run(runId))?.report;
      if (!report) continue;
      for (const source of report.references) if (source.doi && dois.has(source.doi.toLowerCase())) source.retraction = 'retracted';
      for (const row of report.evidenceTable) {
        if (report.references.some((r) => r.retraction === 'retracted' && r.url === row.url)) row.retraction = 'retracted';
      }
      await this.repo.update(runId, { report });
    }
    return { checked, flagged };
  }
}
