import { connect } from 'node:net';
import { ApiErrorBody, AuthTexts } from '@cqa/contracts';
import { call, createUser, signIn, TEST_PASSWORD } from '../../../test/accounts-helpers';
import { RunningApi, startApi } from '../../../test/api-harness';
import { BOARD_READ_ONLY_MESSAGE } from '../../queues/bull-board';

/** One request exactly as written (fetch would normalise '%61', '#' and absolute-form targets away); the connection closes after it. */
function rawRequest(api: RunningApi, head: string, body = ''): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(api.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(`${head}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    });
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => { data += chunk; });
    socket.on('error', reject);
    socket.on('close', () => {
      const [headers = '', text = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(headers.split(' ')[1]), headers: headers.toLowerCase(), body: text });
    });
  });
}

/** F-28: the guards decide by the path the router matched (decoded), not by the raw URL. */
describe('guards read the routed path, not the raw URL', () => {
  let api: RunningApi;
  beforeAll(async () => { api = await startApi({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? 'cqa_test'}_routed_path` }); });
  afterAll(async () => { await api.close(); });

  const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

  it('refuses a cross-site sign-in however the path is spelled', async () => {
    const patient = await createUser(api, 'patient');
    const body = { email: patient.email, password: TEST_PASSWORD, role: 'patient' };
    for (const path of ['/api/auth/login', '/%61pi/auth/login', '/api/%61uth/login', '/api/auth/%6cogin']) {
      const res = await call<ApiErrorBody>(api, 'POST', path, { body, headers: evil });
      expect({ path, status: res.status, message: res.body.message }).toEqual({ path, status: 403, message: AuthTexts.crossSiteRefused });
      expect(res.setCookie).toEqual([]);
    }
    // An absolute-form target is routed by its path too.
    const absolute = await rawRequest(api, 'POST http://evil.example/api/auth/login HTTP/1.1\r\nOrigin: https://evil.example\r\nContent-Type: application/json', JSON.stringify(body));
    expect(absolute.status).toBe(403);
    expect(absolute.headers).not.toContain('set-cookie');
  });

  it('takes JSON only on the auth routes however the path is spelled', async () => {
    const patient = await createUser(api, 'patient');
    const form = new URLSearchParams({ email: patient.email, password: TEST_PASSWORD, role: 'patient' });
    for (const path of ['/%61pi/auth/login', '/api/auth/%6Cogin']) {
      const res = await fetch(`${api.baseUrl}${path}`, { method: 'POST', body: form });
      expect({ path, status: res.status }).toEqual({ path, status: 415 });
      expect(((await res.json()) as ApiErrorBody).message).toBe(AuthTexts.jsonOnly);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('marks every /api answer no-store, encoded paths and misses included', async () => {
    const patient = await signIn(api, await createUser(api, 'patient'));
    for (const path of ['/%61pi/questions', '/api/%71uestions', '/%61pi/auth/me']) {
      const res = await call(api, 'GET', path, { token: patient.token });
      expect({ path, status: res.status, cacheControl: res.headers.get('cache-control') }).toEqual({ path, status: 200, cacheControl: 'no-store' });
    }
    const absolute = await rawRequest(api, `GET http://other.example/api/questions HTTP/1.1\r\nAuthorization: Bearer ${patient.token}`);
    expect(absolute.status).toBe(200);
    expect(absolute.headers).toContain('cache-control: no-store');
  });

  it("keeps the job dashboard read-only whatever follows the routed path ('#'), while retries stay allowed", async () => {
    const admin = await signIn(api, await createUser(api, 'admin'));
    const opened = await call(api, 'POST', '/api/admin/queues-session', { token: admin.token });
    const cookie = opened.setCookie.find((c) => c.startsWith('cqa_queues='))!.split(';')[0]!;
    const sneaky = await rawRequest(api, `PUT /admin/queues/api/queues/system/pause#/retry/failed HTTP/1.1\r\nCookie: ${cookie}`);
    expect(sneaky.status).toBe(405);
    expect(JSON.parse(sneaky.body).message).toBe(BOARD_READ_ONLY_MESSAGE);
    expect((await fetch(`${api.baseUrl}/admin/queues/api/queues/system/%70ause`, { method: 'PUT', headers: { cookie } })).status).toBe(405);
    const board = (await (await fetch(`${api.baseUrl}/admin/queues/api/queues`, { headers: { cookie } })).json()) as { queues: Array<{ name: string; isPaused: boolean }> };
    expect(board.queues.find((q) => q.name === 'system')?.isPaused).toBe(false);
    // Retrying every failed job of a queue, or one job, is what read-only allows.
    expect((await fetch(`${api.baseUrl}/admin/queues/api/queues/system/retry/failed`, { method: 'PUT', headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${api.baseUrl}/admin/queues/api/queues/system/no-such-job/retry`, { method: 'PUT', headers: { cookie } })).status).not.toBe(405);
  });
});
