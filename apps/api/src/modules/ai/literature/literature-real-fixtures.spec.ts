/**
 * The literature clients against REAL recorded responses (tools/literature-fixtures/fixtures/real/, provenance in each
 * fixture's `source` and in SOURCES.md): what the services really answer, including their failure shapes, not what
 * our parsers expect. Where a test needs one of those answers for a request our clients make (the recording was made
 * for another id or query), it replays the recorded body with `override`; the few JSON error bodies written inline
 * below are NCBI's documented shapes, not recordings, and say so.
 */
import path from 'node:path';
import {
  fixtureBody, fixtureKey, FixtureServer, LoadedFixture, loadFixtures, startFixtureServer,
} from '../../../../../../tools/literature-fixtures/fixture-server';
import { LiteratureConfig, loadLiteratureConfig } from '../../../config/ai-config';
import { normaliseForQuote } from '../citations/citation-verifier';
import { evidenceLevelOf } from '../citations/evidence-level';
import { ctgovPlainText, Study } from './clinical-trials.client';
import { crossrefRecord, CrossrefWork, retractionNoticeFor, retractionOf } from './crossref.client';
import { europePmcRecords } from './europe-pmc.client';
import { UNLIMITED } from './host-rate-limiter';
import { checkRetractions, IdCheckFailedError, resolveIds } from './literature-checks';
import { createLiteratureClients, LiteratureClients } from './literature-clients';
import { LiteratureHttpError } from './literature-fetcher';
import { cleanMarkup, parseEfetch } from './pubmed.client';

const real = loadFixtures().filter((f) => f.file.includes(`${path.sep}real${path.sep}`));
function recorded(name: string): LoadedFixture {
  const fixture = real.find((f) => path.basename(f.file) === name);
  if (!fixture) throw new Error(`No real fixture ${name}`);
  return fixture;
}
const bodyOf = (name: string) => fixtureBody(recorded(name));
const jsonOf = <T>(name: string) => JSON.parse(bodyOf(name)) as T;

describe('literature clients on real recorded responses', () => {
  let fixtures: FixtureServer;
  let config: LiteratureConfig;
  let clients: LiteratureClients;
  const eutilsKey = (endpoint: string, query: Record<string, string>) => fixtureKey('GET', 'eutils', `/${endpoint}`, query);
  /** Answers this request of ours with a recorded response (status, type and body as recorded). */
  const replay = (key: string, name: string) => {
    const { status, contentType } = recorded(name).response;
    fixtures.override(key, { status, contentType, body: bodyOf(name) });
  };
  const overridden: string[] = [];
  const answer = (key: string, status: number, body: unknown) => {
    overridden.push(key);
    fixtures.override(key, { status, contentType: 'application/json', body: typeof body === 'string' ? body : JSON.stringify(body) });
  };

  beforeAll(async () => {
    fixtures = await startFixtureServer({ port: 0 });
    const problems: string[] = [];
    config = loadLiteratureConfig(
      {
        NCBI_EUTILS_BASE_URL: fixtures.baseUrls.eutils,
        EUROPEPMC_BASE_URL: fixtures.baseUrls.europepmc,
        CTGOV_BASE_URL: fixtures.baseUrls.ctgov,
        CROSSREF_BASE_URL: fixtures.baseUrls.crossref,
        NCBI_EMAIL: 'ops@cancer-qa.test',
        CROSSREF_MAILTO: 'crossref@cancer-qa.test',
      },
      'Cancer Q&A <no-reply@cancer-qa.invalid>',
      problems,
    );
    expect(problems).toEqual([]);
    clients = createLiteratureClients(config, UNLIMITED);
  });
  afterAll(() => fixtures.close());
  beforeEach(() => fixtures.reset());
  afterEach(() => {
    overridden.splice(0).forEach((key) => fixtures.override(key, null));
    expect(fixtures.unmatched()).toEqual([]);
  });

  it('holds real responses for every literature API, each naming its repository, path, commit and licence', () => {
    expect(new Set(real.map((f) => f.request.api))).toEqual(new Set(['eutils', 'europepmc', 'ctgov', 'crossref']));
    for (const fixture of real) {
      expect(fixture._comment).toMatch(/^REAL /);
      expect(fixture.source).toMatchObject({ repository: expect.stringMatching(/^[\w.-]+\/[\w.-]+$/), commit: expect.stringMatching(/^[0-9a-f]{40}$/) });
      expect(fixture.source!.licence).toMatch(/^(MIT|Apache-2\.0|BSD-3-Clause)$/);
      expect(fixture.source!.changes).toMatch(/^(verbatim|trimmed: )/);
    }
  });

  describe('PubMed book chapters (PubmedBookArticle)', () => {
    const book = 'efetch-20301577-genereviews.json';

    it('parse with their own title, book, publication type and the whole labelled abstract', () => {
      const [entry, ...rest] = parseEfetch(bodyOf(book));
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({ pmid: '20301577', kind: 'book', title: 'CACNA1C-Related Disorders', container: 'GeneReviews®', publicationTypes: ['Review'] });
      const sections = entry.text.split('\n').map((line) => line.split(':')[0]);
      expect(sections).toEqual(['CLINICAL CHARACTERISTICS', 'DIAGNOSIS/TESTING', 'MANAGEMENT', 'GENETIC COUNSELING']);
      expect(entry.text).toMatch(/^CLINICAL CHARACTERISTICS: The clinical manifestations of CACNA1C-related disorders include a spectrum/);
      // Entities decoded, inline markup gone: a quote a model copies from this text is found in it.
      expect(entry.text).toContain('nonsyndromic long QT syndrome (rate-corrected QT [QTc] interval >480 ms); nonsyndromic short QT syndrome (QTc <350 ms)');
      expect(entry.text).toContain('Treatment of manifestations: Beta-blockers (nadolol preferred)');
      expect(entry.text).not.toMatch(/<\/?i>|&[a-z#0-9]+;/);
    });

    it('become records with an abstract, not a bare title (esummary here hand-written: its documented shape, no recording found)', async () => {
      replay(eutilsKey('efetch.fcgi', { db: 'pubmed', id: '20301577', rettype: 'abstract', retmode: 'xml' }), book);
      answer(eutilsKey('esummary.fcgi', { db: 'pubmed', id: '20301577', retmode: 'json' }), 200, {
        header: { type: 'esummary', version: '0.3' },
        result: { uids: ['20301577'], '20301577': { uid: '20301577', pubdate: '1993', source: '', title: '', pubtype: ['Review'], articleids: [] } },
      });
      const [record] = await clients.pubmed.fetchByPmids(['20301577']);
      expect(record).toMatchObject({ pmid: '20301577', title: 'CACNA1C-Related Disorders', journal: 'GeneReviews®', retraction: 'clear' });
      expect(record.text).toMatch(/^CLINICAL CHARACTERISTICS: /);
      expect(record.text.length).toBeGreaterThan(3000);
      expect(evidenceLevelOf(record)).toBe('review');
    });
  });

  describe('NCBI errors are failures, never "nothing found"', () => {
    const efetchOfTheSearch = eutilsKey('efetch.fcgi', { db: 'pubmed', id: '90000001,90000002,90000003', rettype: 'abstract', retmode: 'xml' });

    it('a backend timeout NCBI answers as HTTP 400 <eFetchResult><ERROR> is a retryable failure naming PubMed', async () => {
      replay(efetchOfTheSearch, 'efetch-error-timeout.json');
      overridden.push(efetchOfTheSearch);
      const error = (await clients.pubmed.search('exercise fatigue chemotherapy').catch((e: unknown) => e)) as LiteratureHttpError;
      expect(error).toBeInstanceOf(LiteratureHttpError);
      expect(error).toMatchObject({ status: 400, retryable: true });
      expect(error.message).toBe('PubMed efetch reported an error: Error: External viewer error: Empty Response. Bytes read: 0 Status: Timeout');
      expect(error.message).not.toContain('ops@cancer-qa.test');
    });

    it('the same <ERROR> answer inside a 200 is a failure too, not an article set without abstracts', () => {
      expect(() => parseEfetch(bodyOf('efetch-error-timeout.json'))).toThrow(/PubMed efetch reported an error: .*Status: Timeout/);
      expect(() => parseEfetch('<html><body>Service unavailable</body></html>')).toThrow(/did not answer a PubmedArticleSet/);
    });

    // NCBI's JSON error shapes (documented; seen in the wild but no recording with provenance was found).
    const esearch = eutilsKey('esearch.fcgi', { db: 'pubmed', term: 'exercise fatigue chemotherapy', retmode: 'json', retmax: '20', sort: 'relevance' });
    it.each([
      ['esearch ERROR', { header: { type: 'esearch', version: '0.3' }, esearchresult: { ERROR: 'Search Backend failed: Database is not supported: pubmed' } }, true],
      ['rate limit in a 200', { error: 'API rate limit exceeded', 'api-key': '203.0.113.7', count: '4', limit: '3' }, true],
      ['malformed query', { header: { type: 'esearch', version: '0.3' }, esearchresult: { ERROR: 'Invalid query syntax' } }, false],
      ['no idlist at all', { header: { type: 'esearch', version: '0.3' } }, false],
    ])('esearch: %s inside HTTP 200 rejects the search (retryable: %s)', async (_name, body, retryable) => {
      answer(esearch, 200, body);
      const error = (await clients.pubmed.search('exercise fatigue chemotherapy').catch((e: unknown) => e)) as LiteratureHttpError;
      expect(error).toBeInstanceOf(LiteratureHttpError);
      expect(error.retryable).toBe(retryable);
      expect(error.message).toMatch(/^PubMed esearch reported an error: /);
      expect(fixtures.requests()).toHaveLength(1);
    });

    it('esummary: an error for the whole call fails the id check instead of calling every PMID missing', async () => {
      const key = eutilsKey('esummary.fcgi', { db: 'pubmed', id: '90000001,99999999', retmode: 'json' });
      answer(key, 200, { header: { type: 'esummary', version: '0.3' }, error: 'API rate limit exceeded' });
      const error = (await resolveIds(clients, { pmids: ['90000001', '99999999'] }).catch((e: unknown) => e)) as IdCheckFailedError;
      expect(error).toBeInstanceOf(IdCheckFailedError);
      expect(error).toMatchObject({ retryable: true, ids: ['pmid:90000001', 'pmid:99999999'] });
      answer(key, 200, { header: { type: 'esummary', version: '0.3' }, esummaryresult: ['Empty id list - nothing todo'] });
      await expect(resolveIds(clients, { pmids: ['90000001', '99999999'] })).rejects.toThrow(/Could not check 2 identifiers .*nothing todo/);
    });
  });

  describe('markup in titles and abstracts', () => {
    it('Europe PMC titles with entity-escaped markup become plain text; escaped comparisons stay as characters', () => {
      const records = europePmcRecords(jsonOf('search-cancer-lite.json'));
      expect(records.map((r) => [r.pmid, r.title])).toEqual([
        ['40519579', 'EZH2: A Crucial Competing Endogenous RNA in Cancer Research-A Scoping Review.'],
        // The recorded title has thin spaces (U+2009) around its numbers.
        ['40450633', 'Breast imaging recommendations for young females (age <\u200940 years) with ≥\u200920% lifetime breast cancer risk: practice patterns at a specialized clinic.'],
        ['40451289', 'Associations between ATM c.7271T>G and cancer risk: analysis of Breast Cancer Association Consortium and UK Biobank data.'],
      ]);
    });

    it('decodes entities once and strips only tag-shaped text', () => {
      expect(cleanMarkup('&lt;i&gt;MUTYH&lt;/i&gt;-associated polyposis')).toBe('MUTYH-associated polyposis');
      expect(cleanMarkup('<i>BRCA1</i> carriers (p&lt;0.05, n &gt; 3)')).toBe('BRCA1 carriers (p<0.05, n > 3)');
      expect(cleanMarkup('m&lt;sup&gt;6&lt;/sup&gt;A and <jats:italic>in vivo</jats:italic>')).toBe('m6A and in vivo');
      expect(cleanMarkup('AT&amp;amp;T and &amp;lt;b&amp;gt;')).toBe('AT&amp;T and &lt;b&gt;');
      expect(cleanMarkup('if a<b and c>d holds')).toBe('if a<b and c>d holds');
    });

    it('Europe PMC core records: headings become lines, inline markup goes, publication types give the evidence level', () => {
      const records = europePmcRecords(jsonOf('search-cancer-core.json'));
      expect(records.map((r) => [r.pmid, r.retraction, evidenceLevelOf(r)])).toEqual([
        ['40493882', 'clear', 'observational'],
        ['39212676', 'clear', 'meta_analysis'],
        ['40518973', 'clear', 'other'],
      ]);
      expect(records[0].text).toMatch(/^Background\nAfter a diagnosis of prostate cancer, the 15-year cancer-specific survival probability is high;/);
      for (const record of records) expect(record.text).not.toMatch(/<\/?(h4|i|p|sup|sub)>|&lt;|&gt;/);
    });
  });

  describe('ClinicalTrials.gov markdown', () => {
    const study = () => jsonOf<Study & { protocolSection: { eligibilityModule: { eligibilityCriteria: string } } }>('study-NCT03722472.json');

    it('unescapes the markdown escapes of a real record, so quotes with <, > and * match the stored text', () => {
      const criteria = study().protocolSection.eligibilityModule.eligibilityCriteria;
      expect(criteria).toContain('\\*Temperature \\<38°C');
      const plain = ctgovPlainText(criteria);
      expect(plain).not.toContain('\\');
      const quote = 'Temperature <38°C, respiratory rate < 17 breaths pm, heart rate ≤100 bpm and >54 bpm';
      expect(normaliseForQuote(plain)).toContain(normaliseForQuote(quote));
      expect(plain).toContain('BMI <18 or >35 kg/m2.');
      expect(plain).toContain('vital signs*, and screening');
      expect(ctgovPlainText('Weight \\> 300 lbs, **not** \\~ 2 \\_ x \\\\ y')).toBe('Weight > 300 lbs, not ~ 2 _ x \\ y');
    });

    it('a real study by id makes a record with plain title and summary', async () => {
      const record = await clients.ctgov.getStudy('NCT03722472');
      expect(record).toMatchObject({
        source: 'ctgov', nctId: 'NCT03722472', year: 2018, title: 'Phase 1 Clinical Trial of Single-Vial ID93 + GLA-SE in Healthy Adults',
        publicationTypes: ['Clinical Trial Registration', 'INTERVENTIONAL', 'PHASE1', 'COMPLETED'],
      });
      expect(record!.text).toMatch(/^This is a phase 1, double-blind, randomized clinical trial/);
    });
  });

  describe('Crossref retractions (Retraction Watch entries, publishers that link both ways)', () => {
    const paper = () => jsonOf<{ message: CrossrefWork }>('work-10.1016_s0140-6736_20_31180-6.json').message;
    const notice = () => jsonOf<{ message: CrossrefWork }>('work-10.1016_s0140-6736_20_31324-6.json').message;

    it('a paper Retraction Watch lists as retracted is retracted, though its publisher also filed update-to retractions on it', () => {
      expect(retractionOf(paper())).toBe('retracted');
      expect(retractionNoticeFor(paper())).toEqual([]);
      expect(crossrefRecord(paper())).toMatchObject({ retraction: 'retracted', publicationTypes: ['journal-article'], year: 2020 });
    });

    it('its retraction notice is a notice naming the paper, not itself retracted', () => {
      expect(retractionOf(notice())).toBe('clear');
      expect(retractionNoticeFor(notice())).toEqual(['10.1016/s0140-6736(20)31180-6']);
      expect(crossrefRecord(notice())).toMatchObject({ retraction: 'clear', publicationTypes: ['journal-article', 'Retraction Notice'] });
    });

    it('a correction is not a retraction; through the client, checkRetractions marks the retracted DOI', async () => {
      expect(await clients.crossref.retractionStatus('10.1371/journal.pone.0033693')).toBe('clear');
      expect(await clients.crossref.retractionStatus('10.1016/s0140-6736(20)31180-6')).toBe('retracted');
      const [checked] = await checkRetractions(clients.crossref, [{
        source: 'pubmed', pmid: null, doi: '10.1016/s0140-6736(20)31324-6', nctId: null, title: 'Retraction notice', journal: 'The Lancet',
        year: 2020, publicationTypes: [], text: '', url: 'https://doi.org/10.1016/s0140-6736(20)31324-6', retraction: 'unknown',
      }]);
      expect(checked.retraction).toBe('clear');
      expect(fixtures.requests().every((r) => r.query.mailto === 'crossref@cancer-qa.test')).toBe(true);
    });
  });
});
