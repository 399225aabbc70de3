import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RESET_TOKEN_PLACEHOLDER } from '@cqa/contracts';
import { RunningApi, startApi } from '../../test/api-harness';

describe('the built web served by the API from one origin', () => {
  let api: RunningApi;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'cqa-web-'));
    const write = (file: string, content: string) => {
      mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      writeFileSync(path.join(dist, file), content);
    };
    write('shell/index.html', '<!doctype html><title>Cancer Q&A</title><div id="root"></div>');
    write('shell/main.0123abcd.js', 'console.log(1)');
    write('patient/remoteEntry.js', 'var patient;');
    write('patient/123.89abcdef.js', 'chunk');
    write('shell/main.0123abcd.js.map', '{"sources":["secret.ts"]}');
    write('patient/123.89abcdef.js.map', '{"sources":["secret.ts"]}');
    // As the web build leaves them: .br and .gz copies beside the files worth compressing.
    const big = `${'export const page = "a page of the patient remote";\n'.repeat(100)}`;
    write('shell/big.0123abcd.js', big);
    writeFileSync(path.join(dist, 'shell/big.0123abcd.js.br'), brotliCompressSync(big));
    writeFileSync(path.join(dist, 'shell/big.0123abcd.js.gz'), gzipSync(big));
    writeFileSync(path.join(dist, 'patient/remoteEntry.js.gz'), gzipSync('var patient;'));
    // The public pages as the build's pre-render writes them (tools/webpack/prerender.mjs).
    for (const [name, heading, form = ''] of [
      ['landing', 'An AI-powered network'], ['disclaimers', 'Disclaimers'], ['landing.role-expert.mode-login', 'Expert Login'],
      // The second factor's code step after a no-script password form (issue 42): a state of its own.
      ['landing.role-expert.mode-login.two_factor-code', 'Expert Login: authenticator code'],
      ['reset-password', 'This password reset link is invalid'],
      [`reset-password.token-${RESET_TOKEN_PLACEHOLDER}`, 'Reset your password', `<form><input type="hidden" name="token" value="${RESET_TOKEN_PLACEHOLDER}"/></form>`],
    ]) {
      const html = `<!doctype html><title>Cancer Q&A</title><div id="root"><h1>${heading}</h1>${form}</div>`;
      write(`shell/prerendered/${name}.html`, html);
      writeFileSync(path.join(dist, `shell/prerendered/${name}.html.br`), brotliCompressSync(html));
      writeFileSync(path.join(dist, `shell/prerendered/${name}.html.gz`), gzipSync(html));
    }
    api = await startApi({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await api.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (p: string) => fetch(`${api.baseUrl}${p}`);
  /** The raw bytes and headers (fetch would decode the body and hide Content-Encoding's effect). */
  const getRaw = (p: string, acceptEncoding: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = httpRequest(`${api.baseUrl}${p}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('serves the pre-rendered landing page at / and fresh on every load', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root"><h1>An AI-powered network</h1></div>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it.each([
    ['/disclaimers', 'br', 'Disclaimers'],
    ['/disclaimers/', 'gzip', 'Disclaimers'],
    ['/?from=mail', 'gzip, deflate, br', 'An AI-powered network'],
  ])('answers %s with its pre-rendered HTML, compressed as accepted (%s)', async (p, acceptEncoding, heading) => {
    const res = await getRaw(p, acceptEncoding);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers.vary).toContain('accept-encoding');
    const encoding = acceptEncoding.includes('br') ? 'br' : 'gzip';
    expect(res.headers['content-encoding']).toBe(encoding);
    const body = encoding === 'br' ? brotliDecompressSync(res.body) : gunzipSync(res.body);
    expect(body.toString()).toContain(`<h1>${heading}</h1>`);
  });

  it.each([
    ['/?role=expert&mode=login', 'Expert Login'],
    ['/?mode=login&role=expert&two_factor=code', 'Expert Login: authenticator code'],
    ['/?mode=login&role=expert&two_factor=other', 'Expert Login'],
    ['/?role=expert&mode=register', 'An AI-powered network'],
    ['/?role=admin&mode=%2e%2e', 'An AI-powered network'],
    ['/disclaimers?role=expert&mode=login', 'Disclaimers'],
  ])("answers a public page's URL %s with its state's own document, else the page's plain one", async (p, heading) => {
    const res = await get(p);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<h1>${heading}</h1>`);
    expect(res.headers.get('vary')).toMatch(/cookie/i);
  });

  it("writes a reset link's token into the reset form (and nothing that is not a token), never to be cached", async () => {
    const token = 'AbC-123_xyzAbC-123_xyzAbC-123_xyzAbC-123_x';
    const res = await getRaw(`/reset-password?token=${token}`, 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const encoding = res.headers['content-encoding'];
    const html = (encoding === 'br' ? brotliDecompressSync(res.body) : encoding === 'gzip' ? gunzipSync(res.body) : res.body).toString();
    expect(html).toContain(`<input type="hidden" name="token" value="${token}"/>`);
    expect(html).not.toContain(RESET_TOKEN_PLACEHOLDER);
    for (const p of ['/reset-password', '/reset-password?token=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E', '/reset-password?token=short']) {
      const page = await (await get(p)).text();
      expect({ p, page }).toEqual({ p, page: expect.stringContaining('<h1>This password reset link is invalid</h1>') });
      expect(page).not.toContain('<script>');
    }
    const signedIn = await fetch(`${api.baseUrl}/reset-password?token=${token}`, { headers: { cookie: 'cqa_signed_in=1' } });
    expect(await signedIn.text()).not.toContain(token);
  });

  it('sends a signed-in visitor (the hint cookie of a sign-in) the app itself, not a pre-rendered page', async () => {
    for (const p of ['/', '/disclaimers']) {
      const res = await fetch(`${api.baseUrl}${p}`, { headers: { cookie: 'cqa_signed_in=1' } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('<h1>');
    }
  });

  it('says Vary: Cookie where the hint cookie picks the document, to signed-in and anonymous visitors alike', async () => {
    for (const p of ['/', '/disclaimers', '/disclaimers/']) {
      for (const cookie of [undefined, 'cqa_signed_in=1']) {
        const res = await fetch(`${api.baseUrl}${p}`, { headers: cookie ? { cookie } : {} });
        expect({ p, cookie, vary: res.headers.get('vary')?.toLowerCase().split(/\s*,\s*/) }).toEqual({ p, cookie, vary: expect.arrayContaining(['cookie', 'accept-encoding']) });
      }
    }
    // The shell's other paths are the same document for everyone, except the signed-in pages the page server renders
    // from the refresh cookie's session (page-server.ts), which are private.
    expect((await get('/patient-profile-summary')).headers.get('vary')).toBe('accept-encoding');
    const rendered = await get('/patient/questions');
    expect(rendered.headers.get('vary')).toBe('accept-encoding, cookie');
    expect(rendered.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an encoded API path as the API (a JSON 404), not as a page', async () => {
    const res = await get('/%61pi/nothing');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('sends a browser without compression the plain pre-rendered page', async () => {
    const res = await getRaw('/disclaimers', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toContain('<h1>Disclaimers</h1>');
  });

  it.each(['/patient/questions', '/admin/users', '/no/such/page', '/verify-email/abc'])('answers the page path %s with the shell', async (p) => {
    const res = await get(p);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('<div id="root"></div>');
  });

  it('serves each remote under /remotes/<name>/, remoteEntry fresh and hashed chunks immutable', async () => {
    const entry = await get('/remotes/patient/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const chunk = await get('/remotes/patient/123.89abcdef.js');
    expect(chunk.headers.get('cache-control')).toContain('immutable');
    expect((await get('/main.0123abcd.js')).headers.get('cache-control')).toContain('immutable');
  });

  it('keeps API, asset and remote misses as 404 errors, not the shell', async () => {
    for (const p of ['/api/nothing', '/main.0123abcd.js.map', '/remotes/patient/123.89abcdef.js.map', '/remotes/patient/missing.js', '/remotes/expert/remoteEntry.js', '/missing.js']) {
      const res = await get(p);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });

  describe('compression', () => {
    it('sends the pre-compressed brotli copy of a hashed file to a browser that accepts it, immutable, varying on Accept-Encoding', async () => {
      const res = await getRaw('/big.0123abcd.js', 'gzip, deflate, br');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(res.body).toString()).toContain('a page of the patient remote');
    });

    it('falls back to gzip, then to the plain file', async () => {
      const gz = await getRaw('/big.0123abcd.js', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toContain('a page of the patient remote');
      const plain = await getRaw('/big.0123abcd.js', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['vary']).toMatch(/accept-encoding/i);
      expect(plain.body.toString()).toContain('a page of the patient remote');
    });

    it('keeps a compressed remoteEntry.js revalidated', async () => {
      const res = await getRaw('/remotes/patient/remoteEntry.js', 'gzip');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(gunzipSync(res.body).toString()).toBe('var patient;');
    });

    it('compresses API JSON above 1 KB and leaves small answers alone', async () => {
      const big = await getRaw('/api/docs-json', 'br, gzip');
      expect(big.status).toBe(200);
      expect(big.headers['content-encoding']).toBe('br');
      expect(big.headers['vary']).toMatch(/accept-encoding/i);
      expect(JSON.parse(brotliDecompressSync(big.body).toString())).toHaveProperty('openapi');
      const gz = await getRaw('/api/docs-json', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      const small = await getRaw('/api/health', 'br, gzip');
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(small.body.toString())).toHaveProperty('status');
    });
  });
});
