/**
 * A local site for the link-import demo and the end-to-end tests: the importer's hand-made fixtures (a Reddit thread's
 * JSON form, two forum pages) behind a robots.txt that refuses /private/. The app reaches it only when FETCH_ALLOW_HOSTS
 * names it (never in production) and REDDIT_BASE_URL points at it.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

// Under jest this file is CommonJS; run by `node` (type stripping) it has no __dirname and the scripts run from the root.
const FIXTURES = typeof __dirname === 'string'
  ? path.join(__dirname, '../../apps/api/src/modules/import/extractors/fixtures')
  : path.resolve('apps/api/src/modules/import/extractors/fixtures');

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
  /** The app's settings that let the importer reach this site. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startDemoPages(options: { port?: number; host?: string; fixturesDir?: string } = {}): Promise<DemoPages> {
  const fixture = (name: string) => readFileSync(path.join(options.fixturesDir ?? FIXTURES, name), 'utf8');
  const pages: Record<string, { type: string; body: () => string }> = {
    '/robots.txt': { type: 'text/plain', body: () => 'User-agent: *\nDisallow: /private/\n' },
    '/r/cancer/comments/abc123/slug.json': { type: 'application/json', body: () => fixture('reddit-thread.fixture.json') },
    [DEMO_PAGES.forum]: { type: 'text/html; charset=utf-8', body: () => fixture('forum-thread-posts.fixture.html') },
    [DEMO_PAGES.qa]: { type: 'text/html; charset=utf-8', body: () => fixture('forum-qa-jsonld.fixture.html') },
    [DEMO_PAGES.refused]: { type: 'text/html; charset=utf-8', body: () => fixture('forum-thread-posts.fixture.html') },
  };
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://local').pathname;
    if (pathname === '/') {
      const origin = `http://${req.headers.host}`;
      const links = Object.values(DEMO_PAGES).map((p) => `<li><a href="${p}">${origin}${p}</a></li>`).join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><title>Link import demo pages</title><h1>Link import demo pages</h1><ul>${links}</ul>`);
    }
    const page = pages[pathname];
    res.writeHead(page ? 200 : 404, { 'content-type': page?.type ?? 'text/plain' });
    res.end(page ? page.body() : 'not found');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { address, port } = server.address() as AddressInfo;
  const host = `${address}:${port}`;
  const origin = `http://${host}`;
  return {
    origin,
    host,
    env: { FETCH_ALLOW_HOSTS: host, REDDIT_BASE_URL: origin, FETCH_HOST_DELAY_MS: '0' },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
