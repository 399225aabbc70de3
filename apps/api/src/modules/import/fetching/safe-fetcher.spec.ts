import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { gzipSync } from 'node:zlib';
import { startLocalTestServer, LocalTestServer } from '../test/local-test-server';
import { FetchError } from './fetch-error';
import { guardedLookup, isTextContentType, redirectTarget, SafeFetcher } from './safe-fetcher';

/** A fake DNS: each name answers from its list, one entry per call (the last one repeats). */
function fakeLookup(answers: Record<string, string[]>): LookupFunction & { calls: string[] } {
  const calls: string[] = [];
  const seen = new Map<string, number>();
  const lookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    calls.push(hostname);
    const list = answers[hostname];
    if (!list) return callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    const n = seen.get(hostname) ?? 0;
    seen.set(hostname, n + 1);
    const address = list[Math.min(n, list.length - 1)];
    const entry: LookupAddress = { address, family: address.includes(':') ? 6 : 4 };
    if (options.all) callback(null, [entry]);
    else callback(null, entry.address, entry.family);
  }) as unknown as LookupFunction & { calls: string[] };
  lookup.calls = calls;
  return lookup;
}

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchError) return error;
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

describe('SafeFetcher against local servers', () => {
  let server: LocalTestServer;
  let other: LocalTestServer;
  let fetcher: SafeFetcher;

  beforeAll(async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    server = await startLocalTestServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      const send = (status: number, type: string, body: string | Buffer, extra: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': type, ...extra });
        res.end(body);
      };
      const redirect = (location: string, status = 302) => {
        res.writeHead(status, { location });
        res.end();
      };
      switch (url.pathname) {
        case '/page': return send(200, 'text/html; charset=utf-8', '<h1>Hello</h1>');
        case '/json': return send(200, 'application/ld+json', '{"a":1}');
        case '/missing': return send(404, 'text/html', 'gone');
        case '/image': return send(200, 'image/png', Buffer.from([0x89, 0x50]));
        case '/none': return send(200, '', 'no type');
        case '/hop1': return redirect(`/hop2${url.search}`);
        case '/hop2': return redirect(url.searchParams.get('to') ?? '/page', 301);
        case '/loop': return redirect(`/loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}`);
        case '/chain': {
          const n = Number(url.searchParams.get('n') ?? 0);
          return n > 0 ? redirect(`/chain?n=${n - 1}`) : send(200, 'text/plain', 'end of chain');
        }
        case '/post': return redirect(`${other.origin}/landing`, 303);
        case '/big': return send(200, 'text/plain', big);
        case '/big-gzip': return send(200, 'text/plain', gzipSync(big), { 'content-encoding': 'gzip' });
        case '/slow-body':
          res.writeHead(200, { 'content-type': 'text/html' });
          res.write('<p>start');
          return; // never ends
        case '/slow-head':
          return; // never answers
        default: return send(404, 'text/plain', 'unknown');
      }
    });
    other = await startLocalTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('landed');
    });
    fetcher = new SafeFetcher({
      allowHosts: [server.host, other.host],
      totalTimeoutMs: 1500,
      lookup: fakeLookup({ 'internal.test': ['10.0.0.5'], 'metadata.test': ['169.254.169.254'] }),
    });
  });
  afterAll(async () => {
    await fetcher.close();
    await server.close();
    await other.close();
  });

  it('fetches a page and reports its type and final URL', async () => {
    const page = await fetcher.fetch(`${server.origin}/page`);
    expect(page).toMatchObject({ status: 200, contentType: 'text/html', text: '<h1>Hello</h1>', url: `${server.origin}/page`, redirects: [] });
    expect(server.requests.at(-1)?.headers['user-agent']).toBe('CancerQA-Importer/1.0');
    expect((await fetcher.fetch(`${server.origin}/json`)).text).toBe('{"a":1}');
  });

  it('returns a non-2xx answer to the caller with its text', async () => {
    expect(await fetcher.fetch(`${server.origin}/missing`)).toMatchObject({ status: 404, text: 'gone' });
  });

  it('follows up to 5 redirects by hand and refuses a sixth', async () => {
    const end = await fetcher.fetch(`${server.origin}/chain?n=5`);
    expect(end).toMatchObject({ status: 200, text: 'end of chain' });
    expect(end.redirects).toHaveLength(5);
    expect((await failure(fetcher.fetch(`${server.origin}/loop`))).reason).toBe('Too many redirects');
  });

  it.each([
    ['an IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/admin', 'address_not_allowed'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/', 'address_not_allowed'],
    ['a decimal loopback', 'http://2130706433/', 'address_not_allowed'],
    ['a name that resolves to a private address', 'http://internal.test/', 'address_not_allowed'],
    ['a name that resolves to the metadata address', 'http://metadata.test/', 'address_not_allowed'],
    ['loopback on a port that is not allow-listed', 'http://127.0.0.1:9/', 'port_not_allowed'],
    ['a non-http scheme', 'file:///etc/passwd', 'scheme_not_allowed'],
  ])('refuses a redirect chain that ends on %s', async (_label, target, code) => {
    const before = server.requests.length;
    const error = await failure(fetcher.fetch(`${server.origin}/hop1?to=${encodeURIComponent(target)}`));
    expect(error.code).toBe(code);
    // Both local hops were served; the disallowed target was never contacted.
    expect(server.requests.slice(before).map((r) => r.url.split('?')[0])).toEqual(['/hop1', '/hop2']);
  });

  it('re-checks every hop, not only the first', async () => {
    const viaTwoHops = `${server.origin}/hop1`;
    // hop1 → hop2 (no "to") → /page: fine; the same chain pointed at a private address is refused.
    expect((await fetcher.fetch(viaTwoHops)).text).toBe('<h1>Hello</h1>');
    const error = await failure(fetcher.fetch(`${server.origin}/hop2?to=${encodeURIComponent('http://0x7f.1/')}`));
    expect(error.reason).toBe('Address not allowed');
  });

  it('turns a 303 after POST into a GET and drops the authorization header across origins', async () => {
    const page = await fetcher.fetch(`${server.origin}/post`, { method: 'POST', body: 'a=1', headers: { authorization: 'Bearer secret', 'content-type': 'application/x-www-form-urlencoded' } });
    expect(page.text).toBe('landed');
    const landing = other.requests.at(-1)!;
    expect(landing.method).toBe('GET');
    expect(landing.headers.authorization).toBeUndefined();
    expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer secret');
  });

  it('refuses a page over the size cap, counting decompressed bytes', async () => {
    expect((await failure(fetcher.fetch(`${server.origin}/big`))).reason).toBe('Page too large (over 2 MB)');
    const gz = await failure(fetcher.fetch(`${server.origin}/big-gzip`));
    expect(gz.code).toBe('too_large');
    expect(gz.reason).toBe('Page too large (over 2 MB)');
  });

  it('times out on a slow page and on a server that never answers', async () => {
    const quick = new SafeFetcher({ allowHosts: [server.host], totalTimeoutMs: 300 });
    try {
      const started = Date.now();
      expect((await failure(quick.fetch(`${server.origin}/slow-body`))).reason).toBe('Timed out');
      expect((await failure(quick.fetch(`${server.origin}/slow-head`))).reason).toBe('Timed out');
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await quick.close();
    }
  });

  it('passes the caller’s cancellation through', async () => {
    const controller = new AbortController();
    const pending = fetcher.fetch(`${server.origin}/slow-head`, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('job cancelled')), 50);
    await expect(pending).rejects.toThrow('job cancelled');
  });

  it('refuses content that is not HTML, JSON or text', async () => {
    const error = await failure(fetcher.fetch(`${server.origin}/image`));
    expect(error).toMatchObject({ code: 'unsupported_content_type', reason: 'Unsupported content type' });
    expect((await failure(fetcher.fetch(`${server.origin}/none`))).code).toBe('unsupported_content_type');
    expect((await fetcher.fetch(`${server.origin}/none`, { anyContentType: true })).text).toBe('no type');
  });

  it('lets the caller veto a redirect hop (robots.txt per host)', async () => {
    const seen: string[] = [];
    const error = await failure(
      fetcher.fetch(`${server.origin}/hop1`, {
        beforeRedirect: (next) => {
          seen.push(next.pathname);
          if (next.pathname === '/page') throw new FetchError('robots_refused');
        },
      }),
    );
    expect(error.reason).toBe('Refused by robots.txt');
    expect(seen).toEqual(['/hop2', '/page']);
  });
});

describe('DNS rebinding', () => {
  it('refuses at connect time when the answer changes after the early check', async () => {
    // First lookup (the early check) answers a public address, the connect-time lookup a loopback one.
    const lookup = fakeLookup({ 'rebind.test': ['93.184.216.34', '127.0.0.1'] });
    const fetcher = new SafeFetcher({ lookup, totalTimeoutMs: 2000 });
    try {
      const error = await failure(fetcher.fetch('http://rebind.test/'));
      expect(error.code).toBe('address_not_allowed');
      expect(error.message).toContain('127.0.0.1');
      expect(lookup.calls).toEqual(['rebind.test', 'rebind.test']);
    } finally {
      await fetcher.close();
    }
  });

  it('checks every address of the answer, whatever the caller asked for', (done) => {
    const lookup = ((_h: string, _o: unknown, cb: (...a: unknown[]) => void) =>
      cb(null, [{ address: '93.184.216.34', family: 4 }, { address: 'fd00::1', family: 6 }])) as unknown as LookupFunction;
    guardedLookup(lookup)('mixed.test', { all: false }, (err) => {
      expect((err as unknown as FetchError).code).toBe('address_not_allowed');
      done();
    });
  });

  it('answers in the form asked for when every address is public', (done) => {
    const lookup = ((_h: string, _o: unknown, cb: (...a: unknown[]) => void) =>
      cb(null, [{ address: '93.184.216.34', family: 4 }])) as unknown as LookupFunction;
    guardedLookup(lookup)('public.test', {}, (err, address, family) => {
      expect([err, address, family]).toEqual([null, '93.184.216.34', 4]);
      done();
    });
  });
});

describe('redirectTarget', () => {
  it('refuses https → http', () => {
    expect(() => redirectTarget(new URL('https://example.org/a'), 'http://example.org/b')).toThrow('Redirect from https to http refused');
  });

  it('resolves relative locations and allows http → https', () => {
    expect(redirectTarget(new URL('https://example.org/a/b'), '../c').href).toBe('https://example.org/c');
    expect(redirectTarget(new URL('http://example.org/'), 'https://example.org/x').href).toBe('https://example.org/x');
  });
});

describe('isTextContentType', () => {
  it.each([
    ['text/html', true], ['application/xhtml+xml', true], ['application/json', true], ['text/plain', true],
    ['application/ld+json', true], ['application/pdf', false], ['image/svg+xml', false], ['text/javascript', false], ['', false],
  ])('%s → %s', (type, expected) => expect(isTextContentType(type)).toBe(expected));
});
