/**
 * A local site for the link-import demo and the end-to-end tests: the importer's fixtures (a Reddit thread's JSON
 * form, two forum pages, a page robots.txt refuses). The app reaches it only when FETCH_ALLOW_HOSTS names it (never
 * in production) and REDDIT_BASE_URL points at it.
 *
 * It plays Reddit as Reddit behaves: its robots.txt opens with Reddit's real file (fixtures/reddit-robots.real.txt,
 * `User-agent: *` / `Disallow: /`), the anonymous JSON form answers 403, and the thread is read only through the
 * OAuth app-only flow (REDDIT_CLIENT_ID/SECRET below, REDDIT_AUTH_BASE_URL, REDDIT_OAUTH_BASE_URL). Without those
 * settings a Reddit link goes to paste mode, as it does against the real site. One group is appended to that
 * robots.txt for the demo's forum pages, which live on the same host: `Allow: /forum/` (the longer match wins).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

// Under jest this file is CommonJS; run by `node` (type stripping) it has no __dirname and the scripts run from the root.
const FIXTURES = typeof __dirname === 'string'
  ? path.join(__dirname, '../../apps/api/src/modules/import/extractors/fixtures')
  : path.resolve('apps/api/src/modules/import/extractors/fixtures');

/** The demo's Reddit app credentials: the token endpoint accepts these and no others. */
export const DEMO_REDDIT_APP = { clientId: 'demo-reddit-app', clientSecret: 'demo-reddit-secret' } as const;
const DEMO_TOKEN = 'demo-reddit-token';
const REDDIT_THREAD = '/r/cancer/comments/abc123/slug';

export const DEMO_PAGES = {
  reddit: '/r/cancer/comments/abc123/slug/',
  forum: '/forum/thread',
  qa: '/forum/qa',
  refused: '/private/thread',
  missing: '/forum/gone',
} as const;

export interface DemoPages {
  origin: string;
  /** `127.0.0.1:<port>`: the FETCH_ALLOW_HOSTS entry. */
  host: string;
  /** The app's settings that let the importer reach this site, Reddit app credentials included. */
  env: Record<string, string>;
  close(): Promise<void>;
}

interface Page {
  status?: number;
  type: string;
  body: () => string;
}

export async function startDemoPages(options: { port?: number; host?: string; fixturesDir?: string } = {}): Promise<DemoPages> {
  const fixture = (name: string) => readFileSync(path.join(options.fixturesDir ?? FIXTURES, name), 'utf8');
  const json = (status: number, body: string): Page => ({ status, type: 'application/json; charset=UTF-8', body: () => body });
  const pages: Record<string, Page> = {
    '/robots.txt': {
      type: 'text/plain',
      body: () => `${fixture('reddit-robots.real.txt')}\n# Not Reddit's: the demo forum on this host may be crawled (but not /private/).\nUser-agent: *\nAllow: /forum/\n`,
    },
    // Reddit answers anonymous API clients 403 (and its robots.txt forbids asking at all).
    [`${REDDIT_THREAD}.json`]: json(403, '{"message": "Forbidden", "error": 403}'),
    [DEMO_PAGES.forum]: { type: 'text/html; charset=utf-8', body: () => fixture('forum-thread-posts.fixture.html') },
    [DEMO_PAGES.qa]: { type: 'text/html; charset=utf-8', body: () => fixture('forum-qa-jsonld.fixture.html') },
    [DEMO_PAGES.refused]: { type: 'text/html; charset=utf-8', body: () => fixture('forum-thread-posts.fixture.html') },
  };
  const appAuthorization = `Basic ${Buffer.from(`${DEMO_REDDIT_APP.clientId}:${DEMO_REDDIT_APP.clientSecret}`).toString('base64')}`;
  /** The OAuth side of the demo's Reddit: the client-credentials token endpoint and the API with a bearer token. */
  const reddit = (req: http.IncomingMessage, pathname: string): Page | undefined => {
    if (pathname === '/api/v1/access_token' && req.method === 'POST') {
      return req.headers.authorization === appAuthorization
        ? json(200, `{"access_token": "${DEMO_TOKEN}", "token_type": "bearer", "expires_in": 3600, "scope": "*"}`)
        : json(401, '{"message": "Unauthorized", "error": 401}');
    }
    if (pathname === `/oauth${REDDIT_THREAD}` || pathname === `/oauth${REDDIT_THREAD}/`) {
      return req.headers.authorization === `Bearer ${DEMO_TOKEN}`
        ? { type: 'application/json; charset=UTF-8', body: () => fixture('reddit-thread.fixture.json') }
        : json(401, '{"message": "Unauthorized", "error": 401}');
    }
    return undefined;
  };
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://local').pathname;
    if (pathname === '/') {
      const origin = `http://${req.headers.host}`;
      const links = Object.values(DEMO_PAGES).map((p) => `<li><a href="${p}">${origin}${p}</a></li>`).join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><title>Link import demo pages</title><h1>Link import demo pages</h1><ul>${links}</ul>`);
    }
    // The request body (the token request's form) is not needed: drain it before answering.
    req.resume();
    const page = reddit(req, pathname) ?? pages[pathname];
    res.writeHead(page ? (page.status ?? 200) : 404, { 'content-type': page?.type ?? 'text/plain' });
    res.end(page ? page.body() : 'not found');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { address, port } = server.address() as AddressInfo;
  const host = `${address}:${port}`;
  const origin = `http://${host}`;
  return {
    origin,
    host,
    env: {
      FETCH_ALLOW_HOSTS: host,
      FETCH_HOST_DELAY_MS: '0',
      REDDIT_BASE_URL: origin,
      REDDIT_AUTH_BASE_URL: `${origin}/api/v1/access_token`,
      REDDIT_OAUTH_BASE_URL: `${origin}/oauth`,
      REDDIT_CLIENT_ID: DEMO_REDDIT_APP.clientId,
      REDDIT_CLIENT_SECRET: DEMO_REDDIT_APP.clientSecret,
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
