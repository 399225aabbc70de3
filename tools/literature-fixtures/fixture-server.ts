/**
 * A fixture server for the literature APIs (node:http only, so `node` runs it with type stripping). Each API sits
 * under its own prefix: /eutils (NCBI E-utilities), /europepmc (Europe PMC REST), /ctgov (ClinicalTrials.gov v2),
 * /crossref (Crossref REST); point NCBI_EUTILS_BASE_URL etc. at `${url}/eutils`… A request is matched by method,
 * path and sorted query, ignoring the politeness parameters (tool, email, api_key, mailto). A request without a
 * fixture gets HTTP 599 and is recorded: tests assert `unmatched()` is empty, so an unknown request fails them.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const FIXTURE_APIS = ['eutils', 'europepmc', 'ctgov', 'crossref'] as const;
export type FixtureApi = (typeof FIXTURE_APIS)[number];

/** The real hosts, for reference (a fixture's `source.originalRequest` names one of them). */
export const REAL_BASE_URLS: Record<FixtureApi, string> = {
  eutils: 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils',
  europepmc: 'https://www.ebi.ac.uk/europepmc/webservices/rest',
  ctgov: 'https://clinicaltrials.gov/api/v2',
  crossref: 'https://api.crossref.org',
};

/** Politeness parameters: sent by the clients (and checked by their tests), not part of a fixture's key. */
export const IGNORED_PARAMS = ['tool', 'email', 'api_key', 'mailto'];

/** Where a REAL fixture's response was recorded: a public repository's test fixture or cassette. */
export interface FixtureSource {
  repository: string;
  path: string;
  commit: string;
  licence: string;
  /** The request that was recorded, as far as the source shows it. */
  originalRequest: string;
  /** 'verbatim', or 'trimmed: …' saying what was left out. */
  changes: string;
  recorded?: string;
}

export interface Fixture {
  /** HAND-MADE (from which documented format) or REAL (see `source`). */
  _comment: string;
  source?: FixtureSource;
  request: { api: FixtureApi; method: 'GET'; path: string; query: Record<string, string> };
  response: {
    status: number;
    contentType: string;
    /** A JSON body (a string is sent as it is)... */
    body?: unknown;
    /** ...or a file beside the fixture holding the body (XML). */
    bodyFile?: string;
  };
}

export interface LoadedFixture extends Fixture {
  file: string;
}

/** A request as failWhen sees it: its API, its path under the API's prefix and its query as sent. */
export interface FixtureRequest {
  api: string;
  path: string;
  query: Record<string, string>;
}

export interface RecordedRequest {
  key: string;
  /** Every query parameter as sent, politeness parameters included. */
  query: Record<string, string>;
  matched: boolean;
}

export interface FixtureServer {
  url: string;
  baseUrls: Record<FixtureApi, string>;
  /** Keys of requests that had no fixture (answered 599). */
  unmatched(): string[];
  requests(): RecordedRequest[];
  /** Every request to this API answers `status` (e.g. 500) until set to null, or only the next `times` requests. */
  failApi(api: FixtureApi, status: number | null, options?: { times?: number }): void;
  /** Every request `match` picks (by API, path and query) answers `status` until set to null: a partial outage. */
  failWhen(match: ((request: FixtureRequest) => boolean) | null, status?: number): void;
  /** Answers the request of this key (fixtureKey form) with `response` instead of its fixture; null restores it. */
  override(key: string, response: Fixture['response'] | null): void;
  reset(): void;
  close(): Promise<void>;
}

// Under jest this file is CommonJS; run by `node` (type stripping, ES module) it has no __dirname and the npm
// scripts start from the repository root.
export const DEFAULT_FIXTURE_DIR =
  typeof __dirname === 'string' ? path.join(__dirname, 'fixtures') : path.resolve('tools/literature-fixtures/fixtures');

/** `GET /eutils/esearch.fcgi?db=pubmed&term=x`, query sorted, politeness parameters left out. */
export function fixtureKey(method: string, api: string, pathname: string, query: URLSearchParams | Record<string, string>): string {
  const entries = (query instanceof URLSearchParams ? [...query.entries()] : Object.entries(query))
    .filter(([k]) => !IGNORED_PARAMS.includes(k))
    .sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  const search = new URLSearchParams(entries).toString();
  return `${method.toUpperCase()} /${api}${pathname}${search ? `?${search}` : ''}`;
}

/** Hand-made fixtures in `<api>/`, real recorded ones in `real/<api>/` (their bodies are `*.body.json` or `*.xml`). */
export function loadFixtures(dir = DEFAULT_FIXTURE_DIR): LoadedFixture[] {
  const files = [dir, path.join(dir, 'real')].flatMap((root) =>
    FIXTURE_APIS.flatMap((api) => {
      const sub = path.join(root, api);
      return fs.existsSync(sub)
        ? fs.readdirSync(sub).filter((f) => f.endsWith('.json') && !f.endsWith('.body.json')).map((f) => path.join(sub, f))
        : [];
    }),
  );
  return files.sort().map((file) => ({ ...(JSON.parse(fs.readFileSync(file, 'utf8')) as Fixture), file }));
}

export function fixtureBody(fixture: LoadedFixture): string {
  const { body, bodyFile } = fixture.response;
  if (bodyFile) return fs.readFileSync(path.join(path.dirname(fixture.file), bodyFile), 'utf8');
  return typeof body === 'string' ? body : JSON.stringify(body ?? null);
}

export async function startFixtureServer(options: { port?: number; dir?: string } = {}): Promise<FixtureServer> {
  const byKey = new Map<string, LoadedFixture>();
  for (const fixture of loadFixtures(options.dir)) {
    const { api, method, path: p, query } = fixture.request;
    const key = fixtureKey(method, api, p, query);
    if (byKey.has(key)) throw new Error(`Two fixtures for ${key}: ${byKey.get(key)!.file} and ${fixture.file}`);
    byKey.set(key, fixture);
  }
  let log: RecordedRequest[] = [];
  const failing = new Map<string, { status: number; left: number }>();
  const overrides = new Map<string, Fixture['response']>();
  let failMatching: { match: (request: FixtureRequest) => boolean; status: number } | null = null;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixtures');
    const [, api = '', ...rest] = url.pathname.split('/');
    const pathname = decodeURIComponent(`/${rest.join('/')}`);
    const key = fixtureKey(req.method ?? 'GET', api, pathname, url.searchParams);
    const query = Object.fromEntries(url.searchParams);
    const failure = failing.get(api) ?? (failMatching?.match({ api, path: pathname, query }) ? { status: failMatching.status, left: Infinity } : undefined);
    if (failure !== undefined) {
      if (--failure.left <= 0) failing.delete(api);
      log.push({ key, query, matched: true });
      res.writeHead(failure.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `Failure switched on for ${api}` }));
      return;
    }
    const replaced = overrides.get(key);
    if (replaced) {
      log.push({ key, query: Object.fromEntries(url.searchParams), matched: true });
      res.writeHead(replaced.status, { 'content-type': replaced.contentType });
      res.end(typeof replaced.body === 'string' ? replaced.body : JSON.stringify(replaced.body ?? null));
      return;
    }
    const fixture = byKey.get(key);
    log.push({ key, query: Object.fromEntries(url.searchParams), matched: Boolean(fixture) });
    if (!fixture) {
      res.writeHead(599, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'No fixture for this request', key }));
      return;
    }
    res.writeHead(fixture.response.status, { 'content-type': fixture.response.contentType });
    res.end(fixtureBody(fixture));
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({
        url,
        baseUrls: Object.fromEntries(FIXTURE_APIS.map((api) => [api, `${url}/${api}`])) as Record<FixtureApi, string>,
        unmatched: () => log.filter((r) => !r.matched).map((r) => r.key),
        requests: () => log.map((r) => ({ ...r })),
        failApi: (api, status, options) =>
          (status === null ? failing.delete(api) : failing.set(api, { status, left: options?.times ?? Infinity })) && undefined,
        failWhen: (match, status = 503) => {
          failMatching = match === null ? null : { match, status };
        },
        override: (key, response) => (response === null ? overrides.delete(key) : overrides.set(key, response)) && undefined,
        reset: () => {
          log = [];
        },
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
