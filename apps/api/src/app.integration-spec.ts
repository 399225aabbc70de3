import { ApiErrorBody } from '@cqa/contracts';
import { RunningApi, startApi } from '../test/api-harness';
import { call, createUser, signIn, TEST_PASSWORD } from '../test/accounts-helpers';

interface HealthBody { status: string; info: Record<string, { status: string }> }
interface OpenApiDoc { paths: Record<string, unknown> }

describe('API foundation (HTTP, real MariaDB and Redis)', () => {
  let api: RunningApi;
  beforeAll(async () => { api = await startApi(); });
  afterAll(async () => { await api.close(); });

  const get = (path: string, init?: RequestInit) => fetch(`${api.baseUrl}${path}`, init);

  it('reports MySQL and Redis up at /api/health', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    const body = (await res.json()) as HealthBody;
    expect(body.status).toBe('ok');
    expect(body.info.database.status).toBe('up');
    expect(body.info.redis.status).toBe('up');
  });

  it('refuses the dev-only self-check to anonymous callers in development too', async () => {
    expect((await get('/api/diagnostics/self-check', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
  });

  it('answers every failure as { statusCode, error, message }', async () => {
    const admin = { authorization: `Bearer ${(await signIn(api, await createUser(api, 'admin'))).token}` };
    const notFound = await get('/api/no-such-thing');
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual<ApiErrorBody>({ statusCode: 404, error: 'Not Found', message: 'We could not find what you asked for.' });

    const invalid = await get('/api/diagnostics/self-check', {
      method: 'POST', headers: { 'content-type': 'application/json', ...admin }, body: JSON.stringify({ holdMs: -5, extra: true }),
    });
    expect(invalid.status).toBe(400);
    const body = (await invalid.json()) as ApiErrorBody;
    expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode']);
    expect(body.message).toContain('holdMs must be 0 or more');
    expect(body.message).toContain('property extra should not exist');

    const badJson = await get('/api/diagnostics/self-check', { method: 'POST', headers: { 'content-type': 'application/json', ...admin }, body: '{"holdMs":' });
    expect(badJson.status).toBe(400);
    expect(Object.keys((await badJson.json()) as ApiErrorBody).sort()).toEqual(['error', 'message', 'statusCode']);
  });

  it('sends security headers with a CSP that allows only our own scripts', async () => {
    const res = await get('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('publishes OpenAPI at /api/docs-json and the UI at /api/docs', async () => {
    const json = (await (await get('/api/docs-json')).json()) as OpenApiDoc;
    expect(json.paths['/api/health']).toBeDefined();
    expect(json.paths['/api/diagnostics/self-check']).toBeDefined();
    const ui = await get('/api/docs');
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
  });

  it('declares who may call every route of the OpenAPI document', () => {
    const undeclared: string[] = [];
    for (const [path, item] of Object.entries(api.openApi.paths)) {
      for (const [method, operation] of Object.entries(item as Record<string, { 'x-access'?: string }>)) {
        if (!operation['x-access']) undeclared.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undeclared).toEqual([]);
  });

});

describe('API in production mode', () => {
  let api: RunningApi;
  beforeAll(async () => { api = await startApi({ NODE_ENV: 'production', JWT_SECRET: 'integration-production-secret-0123456789', TWO_FACTOR_ENCRYPTION_KEY: '0123456789abcdef'.repeat(4) }); });
  afterAll(async () => { await api.close(); });

  it('hides the dev-only routes (even from admins) and keeps Bull Board closed to anonymous callers', async () => {
    expect((await fetch(`${api.baseUrl}/api/diagnostics/self-check`, { method: 'POST' })).status).toBe(404);
    const admin = (await signIn(api, await createUser(api, 'admin'))).token;
    expect((await call(api, 'POST', '/api/diagnostics/self-check', { body: {}, token: admin })).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/admin/queues`)).status).toBe(401);
    const hsts = (await fetch(`${api.baseUrl}/api/health`)).headers.get('strict-transport-security');
    expect(hsts).toContain('max-age=31536000');
  });

  it('marks the refresh cookie Secure in production, even on plain http', async () => {
    const user = await createUser(api, 'expert');
    const login = await call(api, 'POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD, role: 'expert' } });
    expect(login.status).toBe(200);
    const cookie = login.setCookie.find((c) => c.startsWith('__Host-cqa_refresh='));
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
  });
});
