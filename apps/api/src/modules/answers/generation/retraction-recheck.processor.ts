import { Inject, Injectable, Logger } from '@nestjs/common';
import { JobName, QueueName, type RetractionStatus } from '@cqa/contracts';
import type { Job } from 'bullmq';
import { OnJob } from '../../../queues/job-handler.decorator';
import { OnSchedule } from '../../../queues/schedule.decorator';
import { LITERATURE_CLIENTS, type LiteratureClients } from '../../ai';
import { AnswerRetractionsRepository } from '../answer-retractions.repository';
import { ResearchRepository } from '../research/research.repository';

export const RECHECK_SCHEDULER_ID = 'research-recheck-nightly';

/** Crossref's retraction status of each DOI, asked once per pass however many answers of either source cite it. */
export class DoiRetractions {
  private readonly status = new Map<string, Promise<RetractionStatus>>();

  constructor(private readonly literature: LiteratureClients, private readonly signal?: AbortSignal) {}

  async isRetracted(doi: string): Promise<boolean> {
    const key = doi.toLowerCase();
    if (!this.status.has(key)) this.status.set(key, this.literature.crossref.retractionStatus(doi, this.signal));
    return (await this.status.get(key)) === 'retracted';
  }

  /** How many DOIs were asked. */
  get asked(): number {
    return this.status.size;
  }
}

/**
 * Keeps published answers true over time: every night each DOI cited by a published deep research report or AI answer
 * is checked at Crossref again, once for both sources; one that is now retracted flags the report (admins list the
 * flags, the report shows it) or the AI answer (the answer shows it above its text, its source is badged retracted).
 * Provided by ResearchModule, which reaches both sources' records (its own and AnswersModule's).
 */
@Injectable()
export class RetractionRecheckProcessor {
  private readonly logger = new Logger('research-recheck');

  constructor(
    private readonly research: ResearchRepository,
    private readonly answers: AnswerRetractionsRepository,
    @Inject(LITERATURE_CLIENTS) private readonly literature: LiteratureClients,
  ) {}

  @OnJob(JobName.ResearchRecheck)
  @OnSchedule({ name: RECHECK_SCHEDULER_ID, cron: (config) => config.research.recheckCron, queue: QueueName.Research })
  async recheck(_job: Job, _token?: string, signal?: AbortSignal): Promise<{ checked: number; flagged: number }> {
    const dois = new DoiRetractions(this.literature, signal);
    const reportsFlagged = await this.recheckReports(dois);
    const aiAnswersFlagged = await this.recheckAiAnswers(dois);
    const flagged = reportsFlagged + aiAnswersFlagged;
    this.logger.log({ checked: dois.asked, flagged, aiAnswersFlagged, msg: 'retraction re-check done' });
    return { checked: dois.asked, flagged };
  }

  /** The sources stored with each published AI answer; one now retracted flags the answer. */
  private async recheckAiAnswers(dois: DoiRetractions): Promise<number> {
    let flagged = 0;
    for (const answer of await this.answers.publishedAiAnswers()) {
      for (const source of answer.details.sources) {
        if (!source.doi || source.retraction === 'retracted') continue;
        if (!(await dois.isRetracted(source.doi))) continue;
        if (await this.answers.flagRetracted(answer, source)) flagged++;
      }
    }
    return flagged;
  }

  /**
   * From the records the published reports cite (research_run_records): one now retracted flags every report citing it
   * and is badged in each report's references and evidence table.
   */
  private async recheckReports(dois: DoiRetractions): Promise<number> {
    const retracted = new Map<number, Set<string>>();
    let flagged = 0;
    for (const record of await this.research.citedUnflaggedRecords()) {
      if (!(await dois.isRetracted(record.doi))) continue;
      const key = record.doi.toLowerCase();
      await this.research.markRetracted(record.recordId);
      const run = await this.research.run(record.runId);
      const cited = run?.report?.references.find((r) => r.doi?.toLowerCase() === key);
      const source = { title: cited?.title ?? record.title, url: cited?.url ?? record.url, doi: cited?.doi ?? record.doi, pmid: cited?.pmid ?? record.pmid };
      if (await this.research.flag(record.runId, `doi:${key}`, source)) flagged++;
      retracted.set(record.runId, (retracted.get(record.runId) ?? new Set()).add(key));
    }
    for (const [runId, keys] of retracted) {
      const report = (await this.research.run(runId))?.report;
      if (!report) continue;
      for (const source of report.references) if (source.doi && keys.has(source.doi.toLowerCase())) source.retraction = 'retracted';
      for (const row of report.evidenceTable) {
        if (report.references.some((r) => r.retraction === 'retracted' && r.url === row.url)) row.retraction = 'retracted';
      }
      await this.research.update(runId, { report });
    }
    return flagged;
  }
}
