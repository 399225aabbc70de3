import type { LiteratureRecord } from '../../ai/literature/literature-record';
import type { ResearchQueryLog } from '@cqa/contracts';
import { checkedCells, searchGaps } from './research-report';

const RECORD: LiteratureRecord = {
  source: 'pubmed',
  pmid: '12345678',
  doi: null,
  nctId: null,
  title: 'Ginger capsules for chemotherapy-induced nausea: a randomized, placebo-controlled trial.',
  journal: null,
  year: 2021,
  publicationTypes: ['Randomized Controlled Trial', 'Journal Article'],
  text:
    'METHODS: We randomly assigned 212 adults receiving cisplatin to ginger capsules or placebo. ' +
    'RESULTS: Ginger reduced the severity of acute nausea by 18% compared with placebo. Vomiting did not differ between groups.',
  url: 'https://pubmed.ncbi.nlm.nih.gov/12345678/',
  retraction: 'clear',
};
const QUOTE = 'Ginger reduced the severity of acute nausea by 18% compared with placebo.';
const cells = (e: Partial<Parameters<typeof checkedCells>[0]>) =>
  checkedCells({ design: 'Randomised placebo-controlled trial', sample_size: '212 adults', key_result: 'Ginger lessened acute nausea by 18% against placebo.', quote: QUOTE, ...e }, RECORD);

describe('the deep research evidence table: model-written cells are checked before they are shown', () => {
  it('shows cells that pass: a key result its quote supports, participants and design the record states', () => {
    expect(cells({})).toEqual({ design: 'Randomised placebo-controlled trial', sampleSize: '212 adults', keyResult: 'Ginger lessened acute nausea by 18% against placebo.', quote: QUOTE });
  });

  it('withholds a key result the rules find unsupported by its quote, as they would a statement', () => {
    expect(cells({ key_result: 'Ginger reduced acute nausea by 40% compared with placebo.' }).keyResult).toBeNull(); // number changed
    expect(cells({ key_result: 'Ginger worsened acute nausea compared with placebo.' }).keyResult).toBeNull(); // direction reversed
    expect(cells({ key_result: 'Ginger cures acute nausea.' }).keyResult).toBeNull(); // strong word added
  });

  it('withholds a key result whose quote is not in the study word for word, and shows no such quote', () => {
    expect(cells({ quote: 'Ginger halved nausea in every patient who took it.' })).toMatchObject({ keyResult: null, quote: null });
  });

  it('withholds participants and design the study does not state', () => {
    expect(cells({ sample_size: '450 women' }).sampleSize).toBeNull();
    expect(cells({ sample_size: 'not stated' }).sampleSize).toBeNull();
    expect(cells({ design: 'Prospective cohort study' }).design).toBeNull();
    expect(cells({ design: 'Other' }).design).toBeNull();
  });
});

describe('the deep research report names the searches that could not be run', () => {
  const query = (subQuestion: number, database: ResearchQueryLog['database'], error: string | null): ResearchQueryLog =>
    ({ subQuestion, database, query: 'q', searchedAt: '2026-01-01T00:00:00.000Z', found: error ? 0 : 3, error });

  it('a database none of whose searches ran is unsearched; a later search that failed where its database answered is named', () => {
    const gaps = searchGaps([
      query(1, 'pubmed', null), query(1, 'europepmc', 'x answered 500'), query(1, 'ctgov', null),
      query(2, 'pubmed', 'x answered 503'), query(2, 'europepmc', 'x answered 500'),
    ]);
    expect(gaps).toEqual({ unsearched: ['Europe PMC'], failedSearches: [{ subQuestion: 2, database: 'pubmed' }] });
  });

  it('names nothing when every search ran', () => {
    expect(searchGaps([query(1, 'pubmed', null), query(2, 'pubmed', null)])).toEqual({ unsearched: [], failedSearches: [] });
  });
});
