import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixtureBody, fixtureKey, loadFixtures, startFixtureServer } from './fixture-server';

describe('literature fixture server', () => {
  const fixtures = loadFixtures();

  it('marks every fixture as hand-made or recorded, and every XML body file too', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
    for (const fixture of fixtures) {
      expect(fixture._comment).toMatch(/^(HAND-MADE|RECORDED)/);
      if (fixture.response.bodyFile) expect(fixtureBody(fixture)).toMatch(/<!-- (HAND-MADE|RECORDED)/);
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

  it('refuses two fixtures for one request', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fixtures-'));
    fs.mkdirSync(path.join(dir, 'crossref'));
    const fixture = { _comment: 'HAND-MADE', request: { api: 'crossref', method: 'GET', path: '/works/x', query: {} }, response: { status: 200, contentType: 'application/json', body: {} } };
    fs.writeFileSync(path.join(dir, 'crossref', 'a.json'), JSON.stringify(fixture));
    fs.writeFileSync(path.join(dir, 'crossref', 'b.json'), JSON.stringify({ ...fixture, request: { ...fixture.request, query: { mailto: 'z' } } }));
    await expect(startFixtureServer({ port: 0, dir })).rejects.toThrow(/Two fixtures for GET \/crossref\/works\/x/);
    fs.rmSync(dir, { recursive: true });
  });
});
