import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AiFailedSearch, ResearchDatabase } from '@cqa/contracts';
import { ZodError } from 'zod';
import {
  AiBadOutputError, asSent, broadenPlanned, checkRetractions, dedupeRecords, fallbackQueries, InvalidQueryPlanError, LITERATURE_CLIENTS,
  LiteratureHttpError, PersonalQueryRefusedError, planQueries, QUERY_PLAN_SCHEMA_NAME, queryPlanSchema, recordIdKeys, RELEVANCE_SCHEMA_NAME,
  relevanceReplySchema, resolveIds, screenRecords, type LiteratureClients, type LiteratureQueries, type LiteratureRecord,
} from '../../ai';
import type { ModelCall } from './metered-model';

/** At most this many records go to the model, in retrieval order. */
export const MAX_RECORDS = 20;
/** Fewer relevant records than this after a search: search again, broader. */
export const THIN_RESULT = 5;
/** The first search and at most two broadenings. */
export const MAX_SEARCH_STEPS = 3;
/** At most this many new records of one search are screened. */
export const MAX_SCREENED = 30;

/** One database searched for one query, as the audit keeps it. */
export interface DatabaseSearch {
  database: ResearchDatabase;
  /** As it left the platform (the outbound guard scrubs it); a query refused for looking personal is not kept. */
  query: string;
  /** null when the database could not be searched. */
  found: number | null;
  /** Where and how the search failed, without its query; null when it answered. */
  error: string | null;
  /** The query looked personal and was never sent: not a failure of the database. */
  refused: boolean;
  records: LiteratureRecord[];
}

export interface SearchOptions {
  max?: number;
  /** ClinicalTrials.gov only. */
  recruitingOnly?: boolean;
  signal?: AbortSignal;
}

/** The sources a run keeps, with Crossref's retraction notices, and the identifiers their registries confirmed. */
export interface CheckedSources<R extends LiteratureRecord> {
  records: R[];
  /** In recordIdKeys form. */
  resolved: Set<string>;
}

export interface RetrieveInput {
  runId: number;
  question: string;
  cancerType: string | null;
  /** The run's metered model: the fast model plans the queries and screens what they found. */
  model: ModelCall;
  /** Every search, for the run's audit rows. */
  searched(step: number, queries: LiteratureQueries, search: DatabaseSearch): Promise<void>;
  signal?: AbortSignal;
}

/** The records retrieval kept, and the searches that could not be run on the way (none when every one answered). */
export interface Retrieved {
  records: LiteratureRecord[];
  failedSearches: AiFailedSearch[];
}

/** Thrown when every database failed a search and no relevant record is in hand: the job's retry searches again. */
export class LiteratureSearchFailedError extends Error {}

/**
 * Retrieval for every answer source: search each database (an audit row per query), dedupe, Crossref's retraction
 * notices, and identifiers confirmed at their registries. The AI answer runs it whole (`retrieve`); deep research runs
 * its parts step by step (a search per step, then `checkSources` once).
 */
@Injectable()
export class LiteratureRetrieval {
  private readonly logger = new Logger('retrieval');

  constructor(@Inject(LITERATURE_CLIENTS) private readonly literature: LiteratureClients) {}

  /** One database, one query. A failure is an answer here (its caller decides whether it sinks the run), unless aborted. */
  async searchOne(database: ResearchDatabase, query: string, options: SearchOptions = {}): Promise<DatabaseSearch> {
    const { max, recruitingOnly, signal } = options;
    try {
      const records =
        database === 'pubmed'
          ? await this.literature.pubmed.search(query, { max, signal })
          : database === 'europepmc'
            ? await this.literature.europePmc.search(query, { max, signal })
            : await this.literature.ctgov.search(query, { max, recruitingOnly, signal });
      return { database, query: asSent(query).text, found: records.length, error: null, refused: false, records };
    } catch (error) {
      if (signal?.aborted) throw error;
      const refused = error instanceof PersonalQueryRefusedError;
      return { database, query: refused ? '(not sent: it looked personal)' : asSent(query).text, found: null, error: describeSearchFailure(error), refused, records: [] };
    }
  }

  /** Each database with a query, at once. */
  searchEach(queries: LiteratureQueries, signal?: AbortSignal): Promise<DatabaseSearch[]> {
    const databases = (['pubmed', 'europepmc', 'ctgov'] as const).filter((database) => queries[database].trim() !== '');
    return Promise.all(databases.map((database) => this.searchOne(database, queries[database], { signal })));
  }

  /**
   * Crossref's retraction notices, then the identifiers confirmed at their registries: PMIDs and NCT ids, and a DOI only
   * when its record has neither (Crossref answered for that DOI's retractions already).
   */
  async checkSources<R extends LiteratureRecord>(records: readonly R[], signal?: AbortSignal): Promise<CheckedSources<R>> {
    const checked = (await checkRetractions(this.literature.crossref, records, signal)) as R[];
    const resolved = await resolveIds(this.literature, idsToResolve(checked), signal);
    return { records: checked, resolved: resolved.found };
  }

  /**
   * The AI answer's retrieval: the planner's queries first (the rule builder's when there is no plan), each search's new
   * records screened for relevance by the fast model, and a broader search while fewer than THIN_RESULT relevant records
   * are in hand (at most MAX_SEARCH_STEPS searches). A partial outage degrades: when every database fails a broader
   * search, the answer is made from the relevant records in hand and the failed searches are named; only when nothing
   * relevant is in hand is the run retried.
   */
  async retrieve(input: RetrieveInput): Promise<Retrieved> {
    const ladder = await this.searchLadder(input);
    let relevant: LiteratureRecord[] = [];
    const failedSearches: AiFailedSearch[] = [];
    const seen = new Set<string>();
    for (let step = 0; step < Math.min(ladder.length, MAX_SEARCH_STEPS); step++) {
      const searches = await this.searchStep(input, step, ladder[step]);
      failedSearches.push(...searches.failed.map((database) => ({ step, database })));
      if (searches.failed.length > 0 && searches.failed.length === searches.sent) {
        if (relevant.length === 0) throw new LiteratureSearchFailedError(`Literature search failed: ${searches.errors.join('; ')}`);
        this.logger.warn({ runId: input.runId, step, failures: searches.errors, msg: 'every literature source failed a broader search; answering from the records in hand' });
        break;
      }
      const found = searches.records.filter((r) => recordIdKeys(r).length > 0);
      const fresh = dedupeRecords(found).filter((r) => !recordIdKeys(r).some((k) => seen.has(k))).slice(0, MAX_SCREENED);
      fresh.forEach((r) => recordIdKeys(r).forEach((k) => seen.add(k)));
      const screened = await screenRecords(input.question, fresh, (messages) =>
        input.model(relevanceReplySchema, messages, 'fast', RELEVANCE_SCHEMA_NAME));
      relevant = dedupeRecords([...relevant, ...screened.kept]);
      if (relevant.length >= THIN_RESULT) break;
    }
    return { records: relevant.slice(0, MAX_RECORDS), failedSearches };
  }

  /** The planner's queries and their broadening, then the rule builder's ladder; a refused or unreadable plan leaves the rule builder's. */
  private async searchLadder({ runId, question, cancerType, model }: RetrieveInput): Promise<LiteratureQueries[]> {
    const fallback = fallbackQueries(question, cancerType);
    try {
      const planned = await planQueries(question, cancerType, (messages) => model(queryPlanSchema, messages, 'fast', QUERY_PLAN_SCHEMA_NAME));
      const broader = broadenPlanned(planned);
      return [planned, ...(broader ? [broader] : []), ...fallback];
    } catch (error) {
      if (!(error instanceof InvalidQueryPlanError || error instanceof AiBadOutputError || error instanceof ZodError)) throw error;
      // The problems name rules, never the query text (which comes from the question).
      this.logger.warn({ runId, problems: error instanceof InvalidQueryPlanError ? error.problems : [error.name], msg: 'search plan refused; using the rule builder' });
      return fallback;
    }
  }

  /** One step's searches: what they found, and the databases that failed it (of how many searched). */
  private async searchStep(input: RetrieveInput, step: number, queries: LiteratureQueries) {
    const searches = await this.searchEach(queries, input.signal);
    for (const search of searches) await input.searched(step, queries, search);
    // A query refused for looking personal was never sent: the next, broader step goes on without it.
    const failed = searches.filter((s) => s.error !== null && !s.refused);
    if (failed.length > 0 && failed.length < searches.length) {
      this.logger.warn({ runId: input.runId, step, failures: failed.map((s) => s.error), msg: 'a literature source failed; answering from the others' });
    }
    return { records: searches.flatMap((s) => s.records), failed: failed.map((s) => s.database), errors: failed.map((s) => s.error!), sent: searches.length };
  }
}

function idsToResolve(records: readonly LiteratureRecord[]) {
  return {
    pmids: records.flatMap((r) => (r.pmid ? [r.pmid] : [])),
    nctIds: records.flatMap((r) => (r.nctId ? [r.nctId] : [])),
    dois: records.flatMap((r) => (r.doi && !r.pmid && !r.nctId ? [r.doi] : [])),
  };
}

/** Where and how a search failed, without its query: the search terms come from the question and stay out of logs. */
export function describeSearchFailure(error: unknown): string {
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
