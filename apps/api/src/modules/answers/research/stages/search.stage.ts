import { Injectable } from '@nestjs/common';
import type { ResearchDatabase, ResearchPlan } from '@cqa/contracts';
import { LiteratureRetrieval } from '../../generation/retrieval';
import { searchKeys, type ResearchStageHandler, type SearchOutput, type StageStep } from './research-stage';

/** How many records each database gives one sub-question; trials still recruiting only. */
const SEARCH_LIMITS: Record<ResearchDatabase, { max: number; recruitingOnly?: boolean }> = {
  pubmed: { max: 20 },
  europepmc: { max: 20 },
  ctgov: { max: 10, recruitingOnly: true },
};

/** One database searched for one sub-question's query; a database that fails is a gap the report names, not a failure. */
@Injectable()
export class SearchStage implements ResearchStageHandler {
  readonly stage = 'search' as const;

  constructor(private readonly retrieval: LiteratureRetrieval) {}

  keys(plan: ResearchPlan): string[] {
    return searchKeys(plan);
  }

  async run({ ctx, key }: StageStep): Promise<SearchOutput> {
    const [, subQuestionText, dbText] = /^search-q(\d+)-(\w+)$/.exec(key)!;
    const subQuestion = Number(subQuestionText);
    const database = dbText as ResearchDatabase;
    const searchedAt = new Date().toISOString();
    const search = await this.retrieval.searchOne(database, ctx.run.plan!.subQuestions[subQuestion - 1].queries[database], {
      ...SEARCH_LIMITS[database], signal: ctx.signal,
    });
    return { subQuestion, database, query: search.query, searchedAt, found: search.found ?? 0, error: search.error, records: search.records };
  }
}
