import { FetchError } from '../fetching/fetch-error';
import { SafeFetcher } from '../fetching/safe-fetcher';
import { startLocalTestServer, LocalTestServer } from '../test/local-test-server';
import { RobotsFetcher } from './robots-fetcher';
import { MemoryTtlCache } from './ttl-cache';

describe('RobotsFetcher', () => {
  let status = 200;
  const body = 'User-agent: *\nDisallow: /private\nCrawl-delay: 3';
  let server: LocalTestServer;
  let fetcher: SafeFetcher;

  beforeAll(async () => {
    server = await startLocalTestServer((_req, res) => {
      if (status === 0) return res.socket?.destroy();
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(body);
    });
    fetcher = new SafeFetcher({ allowHosts: [server.host], totalTimeoutMs: 1000 });
  });
  afterAll(async () => {
    await fetcher.close();
    await server.close();
  });
  const fresh = () => new RobotsFetcher(fetcher, { cache: new MemoryTtlCache() });

  it('follows the rules of a 200 and reads the Crawl-delay', async () => {
    status = 200;
    const robots = fresh();
    expect(await robots.check(`${server.origin}/threads/1`)).toEqual({ allowed: true, crawlDelayMs: 3000 });
    await expect(robots.assertAllowed(`${server.origin}/private/1`)).rejects.toMatchObject({ reason: 'Refused by robots.txt' });
    expect(server.requests.at(-1)?.url).toBe('/robots.txt');
  });

  it('caches per origin', async () => {
    status = 200;
    const robots = fresh();
    const before = server.requests.length;
    await robots.check(`${server.origin}/a`);
    await robots.check(`${server.origin}/b`);
    expect(server.requests.length).toBe(before + 1);
  });

  it.each([
    [404, true],
    [410, true],
    [401, true],
    [429, false],
    [500, false],
    [503, false],
  ])('treats a %s as allowed=%s', async (code, allowed) => {
    status = code;
    expect((await fresh().check(`${server.origin}/private/1`)).allowed).toBe(allowed);
  });

  it('refuses everything when robots.txt is unreachable', async () => {
    status = 0;
    const error = await fresh().assertAllowed(`${server.origin}/page`).catch((e: FetchError) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).code).toBe('robots_refused');
  });

  it('reports an address refusal as such, not as robots', async () => {
    await expect(fresh().check('http://10.0.0.1/page')).rejects.toMatchObject({ code: 'address_not_allowed' });
  });
});
