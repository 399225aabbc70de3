import { Messages } from '@cqa/contracts';
import { baseApi } from '../api/base-api';
import { createAppStore } from '../store/store';
import { testUser } from '../testing/auth-fixtures';
import { sessionStarted } from './auth.slice';
import { destinationAfterLogin, restoreSession, signOut } from './session';

const pingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({ sessionPing: build.query<{ ok: boolean }, void>({ query: () => '/ping' }) }),
});

type Reply = { status: number; body?: unknown };
const calls: Array<{ url: string; method: string; auth: string | null; credentials?: string }> = [];
let replies: Record<string, Reply[]> = {};

function respond(reply: Reply) {
  const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
  return {
    ok: reply.status < 400,
    status: reply.status,
    headers: new Map([['content-type', 'application/json']]),
    clone() { return this; },
    text: async () => text,
  };
}

beforeEach(() => {
  calls.length = 0;
  replies = {};
  globalThis.Request = class {
    url: string; method: string; headers: Headers; credentials?: string;
    constructor(url: string, init: { headers: Headers; method?: string; credentials?: string }) {
      this.url = url; this.method = init.method ?? 'GET'; this.headers = new Headers(init.headers); this.credentials = init.credentials;
    }
    clone() { return this; }
  } as unknown as typeof Request;
  globalThis.fetch = jest.fn(async (request: { url: string; method: string; headers: Headers; credentials?: string }) => {
    calls.push({ url: request.url, method: request.method, auth: request.headers.get('Authorization'), credentials: request.credentials });
    const queue = replies[request.url] ?? [];
    return respond(queue.length > 1 ? (queue.shift() as Reply) : (queue[0] ?? { status: 404 }));
  }) as unknown as typeof fetch;
});

const session = (token: string) => ({ status: 200, body: { user: testUser('expert'), accessToken: token, expiresIn: 900 } });

describe('restoreSession', () => {
  it("goes from 'unknown' to 'authenticated' with the refreshed token, sending the cookie same-origin", async () => {
    replies['/api/auth/refresh'] = [session('fresh')];
    const store = createAppStore();
    expect(store.getState().auth.status).toBe('unknown');
    await store.dispatch(restoreSession());
    expect(store.getState().auth).toEqual({ status: 'authenticated', user: testUser('expert'), accessToken: 'fresh' });
    expect(calls).toEqual([{ url: '/api/auth/refresh', method: 'POST', auth: null, credentials: 'same-origin' }]);
  });

  it("becomes 'anonymous' without a toast when there is no session", async () => {
    replies['/api/auth/refresh'] = [{ status: 401, body: { statusCode: 401, message: Messages.errors.noActiveSession } }];
    const store = createAppStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth.status).toBe('anonymous');
    expect(store.getState().toasts).toEqual([]);
  });

  it('shows the spec toast when the account may no longer hold a session (403)', async () => {
    replies['/api/auth/refresh'] = [{ status: 403, body: { statusCode: 403, message: Messages.errors.unableToAccess } }];
    const store = createAppStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth.status).toBe('anonymous');
    expect(store.getState().toasts).toEqual([expect.objectContaining({ kind: 'error', message: Messages.errors.unableToAccess })]);
  });

  it('sends one refresh for concurrent restores (the refresh token rotates)', async () => {
    replies['/api/auth/refresh'] = [session('once')];
    const store = createAppStore();
    await Promise.all([store.dispatch(restoreSession()), store.dispatch(restoreSession())]);
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
    expect(store.getState().auth.accessToken).toBe('once');
  });
});

describe('the 401 retry', () => {
  it('refreshes once after a 401 and retries with the new token', async () => {
    replies['/api/ping'] = [{ status: 401, body: {} }, { status: 200, body: { ok: true } }];
    replies['/api/auth/refresh'] = [session('new')];
    const store = createAppStore();
    store.dispatch(sessionStarted({ user: testUser('expert'), accessToken: 'old' }));
    const result = await store.dispatch(pingApi.endpoints.sessionPing.initiate());
    expect(result.data).toEqual({ ok: true });
    expect(calls.map((c) => `${c.method} ${c.url} ${c.auth}`)).toEqual([
      'GET /api/ping Bearer old',
      'POST /api/auth/refresh Bearer old',
      'GET /api/ping Bearer new',
    ]);
  });

  it('ends the session when the refresh fails', async () => {
    replies['/api/ping'] = [{ status: 401, body: {} }];
    replies['/api/auth/refresh'] = [{ status: 401, body: {} }];
    const store = createAppStore();
    store.dispatch(sessionStarted({ user: testUser('expert'), accessToken: 'old' }));
    await store.dispatch(pingApi.endpoints.sessionPing.initiate());
    expect(store.getState().auth).toEqual({ status: 'anonymous', user: null, accessToken: null });
    expect(calls).toHaveLength(2);
  });

  it('does not refresh after a failed login', async () => {
    replies['/api/auth/login'] = [{ status: 401, body: { message: 'Invalid email or password.' } }];
    const store = createAppStore();
    const { authApi } = await import('./auth-api');
    await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.c', password: 'x', role: 'patient' }));
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/login']);
  });
});

describe('signOut', () => {
  it('revokes on the server and forgets the session even if the call fails', async () => {
    replies['/api/auth/logout'] = [{ status: 500 }];
    const store = createAppStore();
    store.dispatch(sessionStarted({ user: testUser('patient'), accessToken: 't' }));
    await store.dispatch(signOut());
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/auth/logout']);
    expect(store.getState().auth).toEqual({ status: 'anonymous', user: null, accessToken: null });
  });
});

describe('destinationAfterLogin', () => {
  it.each([
    ['admin', null, '/admin/users'],
    ['expert', null, '/expert/questions'],
    ['patient', 100, '/patient/questions'],
    ['patient', 40, '/patient-profile'],
    ['patient', null, '/patient-profile'],
  ] as const)('sends a %s (completion %s) to %s', (role, profileCompletion, to) => {
    expect(destinationAfterLogin({ role, profileCompletion })).toBe(to);
  });
});
