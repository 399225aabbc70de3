import type { ResearchDatabase } from '@cqa/contracts';
import { LiteratureHttpError, QUERY_PLAN_SCHEMA_NAME, type LiteratureClients, type LiteratureRecord } from '../../ai';
import type { ModelCall } from './metered-model';
import { LiteratureRetrieval, LiteratureSearchFailedError, type DatabaseSearch } from './retrieval';

const QUESTION = 'Does exercise help with fatigue during chemotherapy?';
const record = (pmid: string): LiteratureRecord => ({
  source: 'pubmed', pmid, doi: null, nctId: null, title: `Exercise and fatigue ${pmid}`, journal: null, year: 2021,
  publicationTypes: ['Journal Article'], text: 'Exercise reduced fatigue.', url: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`, retraction: 'unknown',
});
const refused = (database: string) => new LiteratureHttpError(`${database} answered 503`, `http://fixtures/${database}/search`, 503, true);

/** The planner's plan (a first search, then its broadening); the relevance screen keeps every record. */
const model = (async (_schema, _messages, _choice, name) =>
  name === QUERY_PLAN_SCHEMA_NAME
    ? { focus: ['exercise', 'fatigue'], aspect: 'effectiveness', population: 'people with cancer', pubmed: 'exercise fatigue', europepmc: 'exercise fatigue', ctgov: 'exercise fatigue' }
    : { decisions: [] }) as ModelCall;

/** Each database answers its searches in turn from `answers`: records, or an Error to throw. */
function retrievalWith(answers: Record<ResearchDatabase, Array<LiteratureRecord[] | Error>>) {
  const client = (database: ResearchDatabase) => ({
    search: async () => {
      const next = answers[database].shift() ?? [];
      if (next instanceof Error) throw next;
      return next;
    },
  });
  const clients = { pubmed: client('pubmed'), europePmc: client('europepmc'), ctgov: client('ctgov') } as unknown as LiteratureClients;
  return new LiteratureRetrieval(clients);
}

async function retrieve(retrieval: LiteratureRetrieval) {
  const searched: Array<{ step: number; database: ResearchDatabase; error: string | null }> = [];
  const result = await retrieval.retrieve({
    runId: 1, question: QUESTION, cancerType: null, model,
    searched: async (step, _queries, search: DatabaseSearch) => void searched.push({ step, database: search.database, error: search.error }),
  });
  return { ...result, searched };
}

describe('AI answer retrieval in a partial outage', () => {
  it('answers from the relevant records in hand when every database fails a broader search, and names the failed searches', async () => {
    const { records, failedSearches, searched } = await retrieve(retrievalWith({
      pubmed: [[record('1'), record('2')], refused('eutils')],
      europepmc: [[record('3')], refused('europepmc')],
      ctgov: [[], refused('ctgov')],
    }));
    expect(records.map((r) => r.pmid)).toEqual(['1', '2', '3']);
    expect(failedSearches).toEqual([{ step: 1, database: 'pubmed' }, { step: 1, database: 'europepmc' }, { step: 1, database: 'ctgov' }]);
    // Every search is audited, the failed ones with where they failed; no further, broader search was tried.
    expect(searched.filter((s) => s.step === 1).map((s) => s.error)).toEqual(['fixtures/eutils/search answered 503', 'fixtures/europepmc/search answered 503', 'fixtures/ctgov/search answered 503']);
    expect(Math.max(...searched.map((s) => s.step))).toBe(1);
  });

  it('names a database that failed one search while the others answered, and goes on searching', async () => {
    const { records, failedSearches } = await retrieve(retrievalWith({
      pubmed: [[record('1')], [record('4'), record('5')]],
      europepmc: [refused('europepmc'), [record('6')]],
      ctgov: [[], []],
    }));
    expect(records.map((r) => r.pmid)).toEqual(['1', '4', '5', '6']);
    expect(failedSearches).toEqual([{ step: 0, database: 'europepmc' }]);
  });

  it('retries the run (throws) when every database fails the first search', async () => {
    await expect(retrieve(retrievalWith({ pubmed: [refused('eutils')], europepmc: [refused('europepmc')], ctgov: [refused('ctgov')] })))
      .rejects.toThrow(new LiteratureSearchFailedError('Literature search failed: fixtures/eutils/search answered 503; fixtures/europepmc/search answered 503; fixtures/ctgov/search answered 503'));
  });

  it('retries the run when a broader search fails everywhere and nothing relevant is in hand', async () => {
    await expect(retrieve(retrievalWith({
      pubmed: [[], refused('eutils')], europepmc: [[], refused('europepmc')], ctgov: [[], refused('ctgov')],
    }))).rejects.toBeInstanceOf(LiteratureSearchFailedError);
  });
});
