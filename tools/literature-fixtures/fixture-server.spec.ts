import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_FIXTURE_DIR, fixtureBody, fixtureKey, loadFixtures, startFixtureServer } from './fixture-server';

describe('literature fixture server', () => {
  const fixtures = loadFixtures();

  it('marks every fixture as hand-made or real, and every hand-made XML body file too', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
    for (const fixture of fixtures) {
      expect(fixture._comment).toMatch(/^(HAND-MADE|REAL)\b/);
      const real = fixture.file.includes(`${path.sep}real${path.sep}`);
      expect(fixture._comment.startsWith('REAL ')).toBe(real);
      if (real) expect(fixture.response.bodyFile).toBeDefined();
      else if (fixture.response.bodyFile) expect(fixtureBody(fixture)).toMatch(/<!-- HAND-MADE/);
    }
  });

  it('gives every real fixture its provenance, listed in SOURCES.md, and keeps the recorded body unmarked', () => {
    const real = fixtures.filter((f) => f.file.includes(`${path.sep}real${path.sep}`));
    expect(new Set(real.map((f) => f.request.api))).toEqual(new Set(['eutils', 'europepmc', 'ctgov', 'crossref']));
    const sources = fs.readFileSync(path.join(DEFAULT_FIXTURE_DIR, 'real', 'SOURCES.md'), 'utf8');
    for (const fixture of real) {
      const source = fixture.source!;
      expect(source.repository).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(source.licence).toMatch(/^(MIT|Apache-2\.0|BSD-3-Clause)$/);
      expect(source.changes).toMatch(/^(verbatim|trimmed: )/);
      expect(source.originalRequest).toMatch(/^GET https:\/\//);
      expect(fixtureBody(fixture)).not.toMatch(/HAND-MADE|cancer-qa/);
      const listed = `${path.relative(path.join(DEFAULT_FIXTURE_DIR, 'real'), fixture.file).split(path.sep).join('/')}`;
      expect(sources).toContain(listed);
      expect(sources).toContain(`${source.repository}/blob/${source.commit}/${source.path}`);
    }
  });

  it('serves the real responses at their recorded requests, with their recorded status', async () => {
    const server = await startFixtureServer({ port: 0 });
    try {
      const book = await fetch(`${server.baseUrls.eutils}/efetch.fcgi?db=pubmed&id=20301577&retmode=xml&tool=t&email=e`);
      expect(book.status).toBe(200);
      expect(await book.text()).toContain('<PubmedBookArticle><BookDocument><PMID Version="1">20301577</PMID>');
      const timeout = await fetch(`${server.baseUrls.eutils}/efetch.fcgi?db=taxonomy&ID=6452,6455,6454,110524&api_key=`);
      expect([timeout.status, await timeout.text()]).toEqual([400, expect.stringContaining('<ERROR> Error: External viewer error')]);
      const retracted = await fetch(`${server.baseUrls.crossref}/works/10.1016%2Fs0140-6736(20)31180-6?mailto=a%40b.test`);
      expect(((await retracted.json()) as { message: { 'updated-by': Array<{ source: string }> } }).message['updated-by'][0].source).toBe('retraction-watch');
      expect(server.unmatched()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('holds a retracted paper, an RCT, a meta-analysis and a trial', () => {
    const bodies = fixtures.map(fixtureBody).join('\n');
    expect(bodies).toContain('"Retracted Publication"');
    expect(bodies).toContain('"updated-by"');
    expect(bodies).toContain('"Randomized Controlled Trial"');
    expect(bodies).toContain('"Meta-Analysis"');
    expect(bodies).toContain('"nctId": "NCT09000001"'.replace(': ', ':'));
  });

  it('keys requests by method, path and sorted query, ignoring tool, email, api_key and mailto', () => {
    expect(fixtureKey('get', 'eutils', '/esearch.fcgi', new URLSearchParams('term=a b&db=pubmed&tool=t&email=e&api_key=k'))).toBe(
      'GET /eutils/esearch.fcgi?db=pubmed&term=a+b',
    );
    expect(fixtureKey('GET', 'crossref', '/works/10.5555/x', { mailto: 'm' })).toBe('GET /crossref/works/10.5555/x');
  });

  it('serves a stored response and answers 599 to anything else, recording it', async () => {
    const server = await startFixtureServer({ port: 0 });
    try {
      const hit = await fetch(`${server.baseUrls.crossref}/works/10.5555%2Frct.2021.001?mailto=a%40b.test`);
      expect(hit.status).toBe(200);
      expect(((await hit.json()) as { message: { DOI: string } }).message.DOI).toBe('10.5555/rct.2021.001');
      const missing = await fetch(`${server.baseUrls.crossref}/works/10.5555/unknown`);
      expect(missing.status).toBe(599);
      const gone = await fetch(`${server.baseUrls.crossref}/works/10.5555/does-not-exist`);
      expect([gone.status, await gone.text()]).toEqual([404, 'Resource not found.']);
      expect(server.unmatched()).toEqual(['GET /crossref/works/10.5555/unknown']);
      expect(server.requests()[0].query).toEqual({ mailto: 'a@b.test' });
    } finally {
      await server.close();
    }
  });

  it('fails an API on every request, or only on the next few', async () => {
    const server = await startFixtureServer({ port: 0 });
    try {
      const get = async () => (await fetch(`${server.baseUrls.crossref}/works/10.5555%2Frct.2021.001`)).status;
      server.failApi('crossref', 503, { times: 2 });
      expect([await get(), await get(), await get()]).toEqual([503, 503, 200]);
      server.failApi('crossref', 500);
      expect([await get(), await get()]).toEqual([500, 500]);
      server.failApi('crossref', null);
      expect(await get()).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('fails only the requests a test picks by API, path and query: a partial outage', async () => {
    const server = await startFixtureServer({ port: 0 });
    try {
      const search = async (term: string) =>
        (await fetch(`${server.baseUrls.eutils}/esearch.fcgi?db=pubmed&term=${encodeURIComponent(term)}&retmode=json&retmax=20&sort=relevance`)).status;
      server.failWhen(({ api, path: p, query }) => api === 'eutils' && p === '/esearch.fcgi' && query.term !== 'exercise fatigue chemotherapy');
      expect([await search('exercise fatigue chemotherapy'), await search('"exercise"[Mesh]')]).toEqual([200, 503]);
      server.failWhen(() => true, 500);
      expect(await search('exercise fatigue chemotherapy')).toBe(500);
      server.failWhen(null);
      expect(await search('exercise fatigue chemotherapy')).toBe(200);
      // A failed request was answered on purpose: it is not an unmatched one.
      expect(server.unmatched()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('refuses two fixtures for one request', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fixtures-'));
    fs.mkdirSync(path.join(dir, 'crossref'));
    const fixture = { _comment: 'HAND-MADE test', request: { api: 'crossref', method: 'GET', path: '/works/x', query: {} }, response: { status: 200, contentType: 'application/json', body: {} } };
    fs.writeFileSync(path.join(dir, 'crossref', 'a.json'), JSON.stringify(fixture));
    fs.writeFileSync(path.join(dir, 'crossref', 'b.json'), JSON.stringify({ ...fixture, request: { ...fixture.request, query: { mailto: 'z' } } }));
    await expect(startFixtureServer({ port: 0, dir })).rejects.toThrow(/Two fixtures for GET \/crossref\/works\/x/);
    fs.rmSync(dir, { recursive: true });
  });
});
