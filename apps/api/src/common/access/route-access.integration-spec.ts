import { Role, ROLES } from '@cqa/contracts';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, signIn } from '../../../test/accounts-helpers';

interface Operation { 'x-access'?: string }

/** The routes that are deliberately open to anonymous callers. A new public route must be added here on purpose. */
const DELIBERATELY_PUBLIC = [
  'GET /api/health',
  'POST /api/auth/register', 'GET /api/auth/verify-email/{code}', 'POST /api/auth/resend-verification', 'POST /api/auth/login',
  'POST /api/auth/refresh', 'POST /api/auth/logout', 'POST /api/auth/forgot-password', 'POST /api/auth/reset-password',
  'GET /api/auth/config', 'GET /api/auth/oidc/start', 'GET /api/auth/oidc/callback',
  // The one-click unsubscribe link of notification e-mails (RFC 8058): a random token, rate-limited per IP.
  'GET /api/unsubscribe/{token}', 'POST /api/unsubscribe/{token}',
  // The link confirming a new e-mail address (issue 44): the token from it proves the new address, on any device.
  'POST /api/account/email/confirm',
  'POST /api/auth/two-factor/verify', 'POST /api/auth/two-factor/enrol/setup', 'POST /api/auth/two-factor/enrol/confirm',
  // The public pages' forms posted without script (issue 35): the routes above, answered with redirects; own pages only.
  'POST /api/auth/form/login', 'POST /api/auth/form/register', 'POST /api/auth/form/forgot-password', 'POST /api/auth/form/reset-password',
  'POST /api/auth/form/logout', 'POST /api/auth/form/two-factor',
];

/**
 * Walks every route of the published OpenAPI document (/api/docs-json): every route that is not deliberately public (dev-only ones included)
 * must refuse an anonymous caller (401) and a signed-in caller of every other role (403).
 */
describe('every route refuses callers it does not name', () => {
  let api: RunningApi;
  const tokens = {} as Record<Role, string>;
  let doc: { paths: Record<string, unknown> };
  beforeAll(async () => {
    api = await startApi();
    doc = (await (await fetch(`${api.baseUrl}/api/docs-json`)).json()) as typeof doc;
    for (const role of ROLES) tokens[role] = (await signIn(api, await createUser(api, role))).token;
  });
  afterAll(async () => { await api.close(); });

  const routes = () => {
    return Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, Operation>).map(([method, op]) => ({ method: method.toUpperCase(), path, access: op['x-access'] ?? '' })));
  };
  const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

  it('finds the account routes in the document', () => {
    const guarded = routes().filter((r) => r.access !== 'public' && r.access !== 'dev-only');
    expect(guarded.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining([
      'GET /api/auth/me', 'GET /api/admin/patients-auth', 'GET /api/admin/experts-auth', 'POST /api/user-approval/{userId}',
      'GET /api/user/approval-status/{userId}', 'GET /api/user/{id}', 'GET /api/admin/auth-logs',
    ]));
    for (const r of routes()) expect(r.access).not.toBe('');
  });

  it('leaves only the deliberately public routes open, and holds dev-only routes to the admin rule', () => {
    const open = routes().filter((r) => r.access === 'public').map((r) => `${r.method} ${r.path}`);
    expect(open.sort()).toEqual([...DELIBERATELY_PUBLIC].sort());
    expect(routes().filter((r) => r.access === 'dev-only')).toEqual([]);
    expect(routes().find((r) => r.method === 'POST' && r.path === '/api/diagnostics/self-check')?.access).toBe('admin');
  });

  it('answers 401 to anonymous callers and 403 to every role it does not name', async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      if (route.access === 'public') continue;
      const allowed = route.access.split(',') as Role[];
      const path = concrete(route.path);
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
      const anonymous = await call(api, route.method, path, { body });
      if (anonymous.status !== 401) failures.push(`${route.method} ${route.path} anonymous → ${anonymous.status}`);
      const forged = await call(api, route.method, path, { body, token: 'forged.token.value' });
      if (forged.status !== 401) failures.push(`${route.method} ${route.path} forged token → ${forged.status}`);
      for (const role of ROLES.filter((r) => !allowed.includes(r))) {
        const wrong = await call(api, route.method, path, { body, token: tokens[role] });
        if (wrong.status !== 403) failures.push(`${route.method} ${route.path} as ${role} → ${wrong.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
