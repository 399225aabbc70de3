import { ApiErrorBody, Messages } from '@cqa/contracts';
import { call, createUser, signIn } from '../../test/accounts-helpers';
import { RunningApi, startApi } from '../../test/api-harness';
import { BOARD_READ_ONLY_MESSAGE } from './bull-board';

/** The `cqa_queues=<value>` pair a response set. */
const passCookie = (setCookie: string[]) => setCookie.find((c) => c.startsWith('cqa_queues='))?.split(';')[0];

describe('Bull Board at /admin/queues is for admins only', () => {
  let api: RunningApi;
  beforeAll(async () => { api = await startApi(); });
  afterAll(async () => { await api.close(); });

  it('refuses a browser without a pass, in the error shape', async () => {
    for (const path of ['/admin/queues', '/admin/queues/api/queues']) {
      const res = await call<ApiErrorBody>(api, 'GET', path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: Messages.platform.signInRequired });
    }
  });

  it('gives a signed-in admin a path-scoped httpOnly pass that opens the board', async () => {
    const admin = await signIn(api, await createUser(api, 'admin'));
    const opened = await call(api, 'POST', '/api/admin/queues-session', { token: admin.token });
    expect(opened.status).toBe(204);
    const header = opened.setCookie.find((c) => c.startsWith('cqa_queues='))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\/admin\/queues/);
    const cookie = passCookie(opened.setCookie)!;

    const page = await fetch(`${api.baseUrl}/admin/queues`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('__UI_CONFIG__');
    const queues = (await (await fetch(`${api.baseUrl}/admin/queues/api/queues`, { headers: { cookie } })).json()) as { queues: Array<{ name: string }> };
    expect(queues.queues.map((q) => q.name)).toContain('system');
  });

  it('refuses the pass to experts and patients, and the pass opens no API route', async () => {
    for (const role of ['expert', 'patient'] as const) {
      const user = await signIn(api, await createUser(api, role));
      expect((await call(api, 'POST', '/api/admin/queues-session', { token: user.token })).status).toBe(403);
    }
    const admin = await signIn(api, await createUser(api, 'admin'));
    const cookie = passCookie((await call(api, 'POST', '/api/admin/queues-session', { token: admin.token })).setCookie)!;
    const pass = cookie.split('=')[1];
    expect((await call(api, 'GET', '/api/auth/me', { token: pass })).status).toBe(401);
  });

  it('closes the board to an admin who has since been disabled', async () => {
    const adminUser = await createUser(api, 'admin');
    const admin = await signIn(api, adminUser);
    const cookie = passCookie((await call(api, 'POST', '/api/admin/queues-session', { token: admin.token })).setCookie)!;
    const other = await signIn(api, await createUser(api, 'admin'));
    expect((await call(api, 'POST', `/api/user-approval/${adminUser.id}`, { token: other.token, body: { approval_status: 'disabled' } })).status).toBe(200);
    expect((await fetch(`${api.baseUrl}/admin/queues`, { headers: { cookie } })).status).toBe(401);
  });

  it('is read-only but for retries unless BULL_BOARD_FULL_CONTROL', async () => {
    const admin = await signIn(api, await createUser(api, 'admin'));
    const cookie = passCookie((await call(api, 'POST', '/api/admin/queues-session', { token: admin.token })).setCookie)!;
    const pause = (on: RunningApi, pass: string) => fetch(`${on.baseUrl}/admin/queues/api/queues/system/pause`, { method: 'PUT', headers: { cookie: pass } });
    const refused = await pause(api, cookie);
    expect(refused.status).toBe(405);
    expect(((await refused.json()) as ApiErrorBody).message).toBe(BOARD_READ_ONLY_MESSAGE);
    expect((await fetch(`${api.baseUrl}/admin/queues/api/queues/system/clean/completed`, { method: 'PUT', headers: { cookie } })).status).toBe(405);
    expect((await fetch(`${api.baseUrl}/admin/queues/api/queues/system/retry/failed`, { method: 'PUT', headers: { cookie } })).status).toBe(200);

    const operators = await startApi({ JWT_SECRET: api.config.jwtSecret, BULL_BOARD_FULL_CONTROL: 'true' });
    try {
      const opsCookie = passCookie((await call(operators, 'POST', '/api/admin/queues-session', { token: admin.token })).setCookie)!;
      expect((await pause(operators, opsCookie)).status).toBe(200);
      expect((await fetch(`${operators.baseUrl}/admin/queues/api/queues/system/resume`, { method: 'PUT', headers: { cookie: opsCookie } })).status).toBe(200);
    } finally {
      await operators.close();
    }
  });
});
