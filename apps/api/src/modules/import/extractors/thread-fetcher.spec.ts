import { readFileSync } from 'node:fs';
import path from 'node:path';
import Redis from 'ioredis';
import { FetchError } from '../fetching/fetch-error';
import { PoliteFetcher } from '../fetching/polite-fetcher';
import { SafeFetcher } from '../fetching/safe-fetcher';
import { HostPoliteness } from '../politeness/host-politeness';
import { RobotsFetcher } from '../robots/robots-fetcher';
import { MemoryTtlCache } from '../robots/ttl-cache';
import { LocalTestServer, startLocalTestServer } from '../test/local-test-server';
import { REDDIT_ANONYMOUS_REFUSED, RedditFetcher } from './reddit-fetcher';
import { ThreadFetcher } from './thread-fetcher';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `cqa-test-import-thread-${process.pid}-${Date.now()}:`;
/** https://www.reddit.com/robots.txt as served since mid-2024 (fixtures/README.md): `User-agent: *` / `Disallow: /`. */
const REDDIT_ROBOTS = fixture('reddit-robots.real.txt');
const APP = { clientId: 'app-id', clientSecret: 'app-secret' };

describe('ThreadFetcher against a local site', () => {
  const site: { robots: string | null; anonymousReddit: number } = { robots: 'User-agent: *\nDisallow: /private/\n', anonymousReddit: 200 };
  let server: LocalTestServer;
  let safe: SafeFetcher;
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });

  beforeAll(async () => {
    server = await startLocalTestServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': type, ...headers });
        res.end(body);
      };
      if (url.pathname === '/robots.txt') return site.robots === null ? send(404, 'text/plain', 'none') : send(200, 'text/plain', site.robots);
      if (url.pathname === '/r/cancer/comments/abc123/slug.json') {
        return site.anonymousReddit === 200 ? send(200, 'application/json', fixture('reddit-thread.fixture.json')) : send(site.anonymousReddit, 'application/json', '{"message":"Forbidden"}');
      }
      if (url.pathname === '/api/v1/access_token' && req.method === 'POST') {
        const ok = req.headers.authorization === `Basic ${Buffer.from('app-id:app-secret').toString('base64')}`;
        return ok ? send(200, 'application/json', '{"access_token":"tok-1","token_type":"bearer","expires_in":3600}') : send(401, 'application/json', '{}');
      }
      if (url.pathname === '/oauth/r/cancer/comments/abc123/slug') {
        return req.headers.authorization === 'Bearer tok-1' ? send(200, 'application/json', fixture('reddit-thread.fixture.json')) : send(401, 'application/json', '{}');
      }
      if (url.pathname === '/forum/thread' || url.pathname === '/private/thread') return send(200, 'text/html; charset=utf-8', fixture('forum-thread-posts.fixture.html'));
      if (url.pathname === '/huge') return send(200, 'text/html', `<p>${'x'.repeat(50_000)}</p>`);
      if (url.pathname === '/limited') return send(429, 'text/plain', 'slow down', { 'retry-after': '1' });
      return send(404, 'text/html', 'not here');
    });
    safe = new SafeFetcher({ allowHosts: [server.host], maxBytes: 20_000, totalTimeoutMs: 2000 });
  });
  afterAll(async () => {
    await safe.close();
    await server.close();
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  const importer = (credentials: { clientId: string; clientSecret: string } | null = null) => {
    const polite = new PoliteFetcher(safe, new RobotsFetcher(safe, { cache: new MemoryTtlCache() }), new HostPoliteness(redis, { keyPrefix: PREFIX, defaultDelayMs: 0, pollMs: 10 }));
    const reddit = new RedditFetcher(polite, { baseUrl: server.origin, authUrl: `${server.origin}/api/v1/access_token`, oauthBaseUrl: `${server.origin}/oauth`, credentials });
    return new ThreadFetcher(polite, reddit);
  };
  const redditThread = () => `${server.origin}/r/cancer/comments/abc123/slug/`;

  const anonymousJsonRequests = () => server.requests.filter((r) => r.url.startsWith('/r/cancer/comments/abc123/slug.json')).length;

  it('sends a Reddit link to paste mode without app credentials: Reddit\'s robots.txt refuses every anonymous agent', async () => {
    site.robots = REDDIT_ROBOTS;
    site.anonymousReddit = 200;
    const before = anonymousJsonRequests();
    expect(await importer().extract(redditThread())).toEqual({ mode: 'paste', url: redditThread(), reason: REDDIT_ANONYMOUS_REFUSED });
    expect(anonymousJsonRequests()).toBe(before);
  });

  it('reads the thread through the OAuth app-only flow when app credentials are set, never the refused JSON form', async () => {
    site.robots = REDDIT_ROBOTS;
    site.anonymousReddit = 200;
    const before = anonymousJsonRequests();
    const result = await importer(APP).extract(redditThread());
    expect(result).toMatchObject({ mode: 'thread', source: 'reddit', thread: { title: 'Tips for getting through chemo fatigue?', url: redditThread() } });
    if (result.mode !== 'thread') throw new Error();
    // The `[ Removed by Reddit ]`, `[removed]` and `[deleted]` comments and the moderator note are not answers.
    expect(result.thread.replies.map((r) => r.score)).toEqual([31, 12]);
    expect(anonymousJsonRequests()).toBe(before);
    const token = server.requests.find((r) => r.url === '/api/v1/access_token');
    expect(token?.body).toBe('grant_type=client_credentials');
    expect(server.requests.some((r) => r.url === '/oauth/r/cancer/comments/abc123/slug?raw_json=1&sort=top&limit=100')).toBe(true);
  });

  it('goes to paste mode on an anonymous 403 without credentials, through OAuth with them', async () => {
    site.robots = null; // no robots.txt: the JSON form is asked for, and refused
    site.anonymousReddit = 403;
    expect(await importer().extract(redditThread())).toEqual({ mode: 'paste', url: redditThread(), reason: REDDIT_ANONYMOUS_REFUSED });
    expect(await importer(APP).extract(redditThread())).toMatchObject({ mode: 'thread', source: 'reddit' });
  });

  it('reads the public JSON form of a Reddit-compatible host whose robots.txt allows it', async () => {
    site.robots = 'User-agent: *\nDisallow: /private/\n';
    site.anonymousReddit = 200;
    const result = await importer().extract(redditThread());
    expect(result).toMatchObject({ mode: 'thread', source: 'reddit', thread: { title: 'Tips for getting through chemo fatigue?' } });
    if (result.mode === 'thread') expect(result.thread.replies.map((r) => r.score)).toEqual([31, 12]);
    expect(server.requests.some((r) => r.url === '/r/cancer/comments/abc123/slug.json?raw_json=1&sort=top&limit=100')).toBe(true);
  });

  it('reads a forum page and keeps the typed URL as the source', async () => {
    site.robots = 'User-agent: *\nDisallow: /private/\n';
    const result = await importer().extract(`${server.origin}/forum/thread#top`);
    expect(result).toMatchObject({ mode: 'thread', source: 'forum', thread: { title: 'Scan anxiety before the 6-month CT', url: `${server.origin}/forum/thread` } });
    if (result.mode === 'thread') expect(result.thread.replies).toHaveLength(3);
  });

  it('ends in paste mode when robots.txt refuses the page, and for Quora without asking', async () => {
    expect(await importer().extract(`${server.origin}/private/thread`)).toEqual({ mode: 'paste', url: `${server.origin}/private/thread`, reason: 'Refused by robots.txt' });
    const before = server.requests.length;
    expect(await importer().extract('https://www.quora.com/What-helps-with-chemo-fatigue')).toMatchObject({ mode: 'paste', url: 'https://www.quora.com/What-helps-with-chemo-fatigue' });
    expect(server.requests.length).toBe(before);
  });

  it('fails with a reason for an oversized page, a 429 and a private address', async () => {
    await expect(importer().extract(`${server.origin}/huge`)).rejects.toMatchObject({ code: 'too_large', reason: 'Page too large (over 20 KB)' });
    const limited = await importer().extract(`${server.origin}/limited`).catch((e: FetchError) => e);
    expect(limited).toMatchObject({ code: 'rate_limited', retryAfterMs: 1000, transient: true });
    await expect(importer().extract('http://192.168.1.10/forum')).rejects.toMatchObject({ reason: 'Address not allowed', transient: false });
  });
});
