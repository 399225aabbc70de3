import { FixtureServer, fixtureKey, startFixtureServer } from '../../../../../../tools/literature-fixtures/fixture-server';
import { LiteratureConfig, loadLiteratureConfig } from '../../../config/ai-config';
import { evidenceLevelOf } from '../citations/evidence-level';
import { UNLIMITED } from './host-rate-limiter';
import { checkRetractions, IdCheckFailedError, idsOf, resolveIds } from './literature-checks';
import { createLiteratureClients, LiteratureClients } from './literature-clients';
import { LiteratureFetcher, LiteratureHttpError } from './literature-fetcher';
import { crossrefRecord, retractionNoticeFor } from './crossref.client';
import { dedupeRecords } from './literature-record';

describe('literature clients against the fixture server', () => {
  let fixtures: FixtureServer;
  let config: LiteratureConfig;
  let clients: LiteratureClients;

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
  // Any request without a fixture was answered 599: the test that made it fails here.
  afterEach(() => expect(fixtures.unmatched()).toEqual([]));

  it('PubMed: esearch, esummary and efetch make normalised records with abstracts and retraction status', async () => {
    const records = await clients.pubmed.search('exercise fatigue chemotherapy');
    expect(records.map((r) => [r.pmid, r.doi, r.year, r.retraction, evidenceLevelOf(r)])).toEqual([
      ['90000001', '10.5555/rct.2021.001', 2021, 'clear', 'rct'],
      ['90000002', '10.5555/meta.2022.002', 2022, 'clear', 'meta_analysis'],
      ['90000003', '10.5555/retracted.2019.003', 2019, 'retracted', 'other'],
    ]);
    expect(records[0]).toMatchObject({
      source: 'pubmed',
      journal: 'Journal of Fictional Oncology',
      url: 'https://pubmed.ncbi.nlm.nih.gov/90000001/',
      text: 'BACKGROUND: Fatigue is the most common side effect of adjuvant chemotherapy.\nRESULTS: Supervised exercise reduced fatigue scores by 20% compared with usual care (p < 0.01). Adverse events were rare and mild.',
    });
    const sent = fixtures.requests();
    expect(sent.map((r) => r.key.split('?')[0])).toEqual(['GET /eutils/esearch.fcgi', 'GET /eutils/esummary.fcgi', 'GET /eutils/efetch.fcgi']);
    for (const request of sent) expect(request.query).toMatchObject({ tool: 'cancer-qa', email: 'ops@cancer-qa.test' });
    expect(sent[0].query.api_key).toBeUndefined();
  });

  it('PubMed: sends api_key when configured, and allows 10 requests a second instead of 3', async () => {
    expect(clients.pubmed.perSecond).toBe(3);
    const keyed = createLiteratureClients({ ...config, ncbiApiKey: 'k3y' }, UNLIMITED);
    expect(keyed.pubmed.perSecond).toBe(10);
    await keyed.pubmed.fetchByPmids(['90000001', '90000002', '90000003']);
    expect(fixtures.requests().every((r) => r.query.api_key === 'k3y')).toBe(true);
  });

  it('PubMed: a retracted paper carries the Retracted Publication type and is retracted', async () => {
    const [record] = (await clients.pubmed.fetchByPmids(['90000001', '90000002', '90000003'])).slice(2);
    expect(record.publicationTypes).toContain('Retracted Publication');
    expect(record.retraction).toBe('retracted');
  });

  it('Europe PMC: search with resultType=core; a preprint has unknown retraction status', async () => {
    const records = await clients.europePmc.search('exercise fatigue chemotherapy');
    expect(records.map((r) => [r.source, r.pmid, r.doi, r.retraction, evidenceLevelOf(r)])).toEqual([
      ['europepmc', '90000002', '10.5555/meta.2022.002', 'clear', 'meta_analysis'],
      ['europepmc', null, '10.5555/preprint.2024.010', 'unknown', 'other'],
    ]);
    expect(records[0].text).toBe(
      'Background\nFatigue is common during cancer treatment.\nResults\nAcross 24 randomised trials (n = 2,310), exercise reduced cancer-related fatigue with a moderate effect size (SMD -0.45).',
    );
    expect(records[1].url).toBe('https://doi.org/10.5555/preprint.2024.010');
    expect(fixtures.requests()[0].query).toMatchObject({ resultType: 'core', format: 'json' });
  });

  it('merges the same work found in PubMed and Europe PMC', async () => {
    const merged = dedupeRecords([
      ...(await clients.pubmed.search('exercise fatigue chemotherapy')),
      ...(await clients.europePmc.search('exercise fatigue chemotherapy')),
    ]);
    expect(merged.map((r) => r.pmid ?? r.doi)).toEqual(['90000001', '90000002', '90000003', '10.5555/preprint.2024.010']);
  });

  it('ClinicalTrials.gov: recruiting studies by query.term, and one study by id', async () => {
    const [trial] = await clients.ctgov.search('breast cancer fatigue');
    expect(trial).toMatchObject({
      source: 'ctgov',
      nctId: 'NCT09000001',
      title: 'Yoga for Fatigue in Breast Cancer Survivors',
      year: 2024,
      url: 'https://clinicaltrials.gov/study/NCT09000001',
      publicationTypes: ['Clinical Trial Registration', 'INTERVENTIONAL', 'NA', 'RECRUITING'],
    });
    expect(evidenceLevelOf(trial)).toBe('trial_registration');
    // Relevance order (unsorted, the first ten would be arbitrary) and the markup we parse, both asked for explicitly.
    expect(fixtures.requests()[0].query).toMatchObject({
      'query.term': 'breast cancer fatigue', 'filter.overallStatus': 'RECRUITING', sort: '@relevance', markupFormat: 'markdown',
    });
    expect(await clients.ctgov.getStudy('nct09000001')).toMatchObject({ nctId: 'NCT09000001' });
    expect(await clients.ctgov.getStudy('NCT09999999')).toBeNull();
  });

  it('Crossref: updated-by retraction marks a work retracted; the notice names it under update-to', async () => {
    expect(await clients.crossref.retractionStatus('10.5555/retracted.2019.003')).toBe('retracted');
    expect(await clients.crossref.retractionStatus('10.5555/rct.2021.001')).toBe('clear');
    expect(await clients.crossref.retractionStatus('10.5555/does-not-exist')).toBe('unknown');
    const notice = await clients.crossref.getWork('10.5555/retraction-notice.2020.009');
    expect(retractionNoticeFor(notice!)).toEqual(['10.5555/retracted.2019.003']);
    expect(crossrefRecord(notice!)).toMatchObject({ retraction: 'clear', publicationTypes: ['journal-article', 'Retraction Notice'], year: 2020 });
    expect(fixtures.requests().every((r) => r.query.mailto === 'crossref@cancer-qa.test')).toBe(true);
  });

  it('checkRetractions adds Crossref to what PubMed said, retracted winning', async () => {
    const records = await clients.pubmed.fetchByPmids(['90000001', '90000002', '90000003']);
    const unknown = records.map((r) => ({ ...r, retraction: 'unknown' as const }));
    const checked = await checkRetractions(clients.crossref, unknown);
    expect(checked.map((r) => r.retraction)).toEqual(['clear', 'clear', 'retracted']);
  });

  it('resolveIds confirms PMIDs, DOIs and NCT ids and names the ones that do not exist', async () => {
    const resolved = await resolveIds(clients, {
      pmids: ['90000001', '99999999'],
      dois: ['10.5555/RCT.2021.001', '10.5555/does-not-exist'],
      nctIds: ['NCT09000001', 'NCT09999999'],
    });
    expect([...resolved.found].sort()).toEqual(['doi:10.5555/rct.2021.001', 'nct:NCT09000001', 'pmid:90000001']);
    expect([...resolved.missing].sort()).toEqual(['doi:10.5555/does-not-exist', 'nct:NCT09999999', 'pmid:99999999']);
    expect(idsOf([{ ...(await clients.ctgov.getStudy('NCT09000001'))! }])).toEqual({ pmids: [], dois: [], nctIds: ['NCT09000001'] });
  });

  it('fails, retryably, when an id could not be checked: never found, never missing (a withheld claim needs a confirmed not-found)', async () => {
    const error = (await resolveIds(clients, { dois: ['10.5555/no-fixture-for-this'], nctIds: ['NCT09000001'] }).catch((e: unknown) => e)) as IdCheckFailedError;
    expect(error).toBeInstanceOf(IdCheckFailedError);
    expect(error).toBeInstanceOf(LiteratureHttpError);
    expect(error).toMatchObject({ retryable: true, ids: ['doi:10.5555/no-fixture-for-this'] });
    expect(error.message).toMatch(/^Could not check an identifier \(doi:10\.5555\/no-fixture-for-this\): /);
    expect(fixtures.unmatched()).toEqual(['GET /crossref/works/10.5555/no-fixture-for-this']);
    fixtures.reset();
  });

  it('an NCBI 429 or a ClinicalTrials.gov outage while checking ids fails the check, naming every id it could not confirm', async () => {
    const esummary = fixtureKey('GET', 'eutils', '/esummary.fcgi', { db: 'pubmed', id: '90000001,99999999', retmode: 'json' });
    fixtures.override(esummary, { status: 429, contentType: 'application/json', body: '{"error":"API rate limit exceeded","count":"4","limit":"3"}' });
    fixtures.failApi('ctgov', 503, { times: 1 });
    try {
      const error = (await resolveIds(clients, { pmids: ['90000001', '99999999'], nctIds: ['NCT09000001'], dois: ['10.5555/rct.2021.001'] }).catch(
        (e: unknown) => e,
      )) as IdCheckFailedError;
      expect(error).toBeInstanceOf(IdCheckFailedError);
      expect(error.retryable).toBe(true);
      expect(error.ids).toEqual(['pmid:90000001', 'pmid:99999999', 'nct:NCT09000001']);
      // Once the services answer again, the same check confirms and rejects as before.
      fixtures.override(esummary, null);
      const again = await resolveIds(clients, { pmids: ['90000001', '99999999'], nctIds: ['NCT09000001'] });
      expect([...again.found].sort()).toEqual(['nct:NCT09000001', 'pmid:90000001']);
      expect([...again.missing]).toEqual(['pmid:99999999']);
    } finally {
      fixtures.override(esummary, null);
      fixtures.failApi('ctgov', null);
    }
  });
});

describe('LiteratureFetcher', () => {
  it('fails a request without a fixture loudly (599), hiding the API key', async () => {
    const fixtures = await startFixtureServer({ port: 0 });
    try {
      const fetcher = new LiteratureFetcher({ limiter: UNLIMITED, timeoutMs: 2000, contactEmail: 'x@y.test' });
      const error = (await fetcher.getJson(new URL(`${fixtures.baseUrls.eutils}/einfo.fcgi?api_key=secret`), { perSecond: 3 }).catch((e: unknown) => e)) as LiteratureHttpError;
      expect(error).toBeInstanceOf(LiteratureHttpError);
      expect(error).toMatchObject({ status: 599, retryable: true });
      expect(error.message).not.toContain('secret');
      expect(fixtures.unmatched()).toEqual(['GET /eutils/einfo.fcgi']);
    } finally {
      await fixtures.close();
    }
  });
});
