import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
    api = await startApi({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await api.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (p: string) => fetch(`${api.baseUrl}${p}`);

  it('serves the shell at / and fresh on every load', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['/patient/questions', '/admin/users', '/no/such/page', '/verify-email/abc'])('answers the page path %s with the shell', async (p) => {
    const res = await get(p);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('<div id="root">');
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
    for (const p of ['/api/nothing', '/remotes/patient/missing.js', '/remotes/expert/remoteEntry.js', '/missing.js']) {
      const res = await get(p);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });
});
