import { Messages } from '@cqa/contracts';
import { baseApi } from '../api/base-api';
import { createAppStore } from '../store/store';
import { testUser } from '../testing/auth-fixtures';
import { sessionStarted } from './auth.slice';
import { installFetchMock, type MockReply } from '../testing/fetch-mock';
import { destinationAfterLogin, restoreSession, signOut } from './session';

const pingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({ sessionPing: build.query<{ ok: boolean }, void>({ query: () => '/ping' }) }),
});

let mock: ReturnType<typeof installFetchMock>;
let calls: ReturnType<typeof installFetchMock>['calls'];
const replies = new Proxy({} as Record<string, MockReply[]>, { set: (_t, url: string, value: MockReply[]) => { mock.reply(url, ...value); return true; } });

beforeEach(() => {
  mock = installFetchMock();
  calls = mock.calls;
});

const session = (token: string) => ({ status: 200, body: { user: testUser('expert'), accessToken: token, expiresIn: 900 } });

describe('restoreSession', () => {
  it("goes from 'unknown' to 'authenticated' with the refreshed token, sending the cookie same-origin", async () => {
    replies['/api/auth/refresh'] = [session('fresh')];
    const store = createAppStore();
    expect(store.getState().auth.status).toBe('unknown');
    await store.dispatch(restoreSession());
    expect(store.getState().auth).toEqual({ status: 'authenticated', user: testUser('expert'), accessToken: 'fresh' });
    expect(calls).toEqual([{ url: '/api/auth/refresh', method: 'POST', auth: null, credentials: 'same-origin', body: undefined }]);
  });

  it("becomes 'anonymous' quietly when the server answers 204 (no refresh cookie: an anonymous visit)", async () => {
    replies['/api/auth/refresh'] = [{ status: 204 }];
    const store = createAppStore();
    const outcome = await store.dispatch(restoreSession());
    expect(outcome.payload).toBe('anonymous');
    expect(store.getState().auth).toEqual(expect.objectContaining({ status: 'anonymous', accessToken: null }));
    expect(store.getState().toasts).toEqual([]);
  });

  it("becomes 'anonymous' without a toast when the session is gone (401)", async () => {
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

  it("says 'Could not verify account status…' when the status call itself fails (server error)", async () => {
    replies['/api/auth/refresh'] = [{ status: 503, body: { statusCode: 503, message: 'down' } }];
    const store = createAppStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth.status).toBe('anonymous');
    expect(store.getState().toasts).toEqual([expect.objectContaining({ kind: 'error', message: Messages.errors.couldNotVerifyStatus })]);
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
