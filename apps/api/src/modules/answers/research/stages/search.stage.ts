import { Inject, Injectable } from '@nestjs/common';
import type { ResearchDatabase, ResearchPlan } from '@cqa/contracts';
import { asSent, LITERATURE_CLIENTS, type LiteratureClients } from '../../../ai';
import { searchKeys, type ResearchStageHandler, type SearchOutput, type StageStep } from './research-stage';

/** One database searched for one sub-question's query; a database that fails is a gap the report names, not a failure. */
@Injectable()
export class SearchStage implements ResearchStageHandler {
  readonly stage = 'search' as const;

  constructor(@Inject(LITERATURE_CLIENTS) private readonly literature: LiteratureClients) {}

  keys(plan: ResearchPlan): string[] {
    return searchKeys(plan);
  }

  async run({ ctx, key }: StageStep): Promise<SearchOutput> {
    const [, subQuestionText, dbText] = /^search-q(\d+)-(\w+)$/.exec(key)!;
    const subQuestion = Number(subQuestionText);
    const db = dbText as ResearchDatabase;
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
}
