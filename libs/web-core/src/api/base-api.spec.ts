import { sessionStarted } from '../auth/auth.slice';
import { createAppStore } from '../store/store';
import { testUser } from '../testing/auth-fixtures';
import { baseApi } from './base-api';

const pingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({ ping: build.query<{ ok: boolean }, void>({ query: () => '/ping' }) }),
});

describe('baseApi', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => ({
      ok: true,
      status: 200,
      headers: new Map([['content-type', 'application/json']]),
      clone() { return this; },
      text: async () => '{"ok":true}',
    }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    // fetchBaseQuery builds a Request; jsdom has none, so a minimal stand-in records url and headers.
    globalThis.Request = class {
      url: string; headers: Headers;
      constructor(url: string, init: { headers: Headers }) { this.url = url; this.headers = new Headers(init.headers); }
      clone() { return this; }
    } as unknown as typeof Request;
  });

  const lastRequest = () => fetchMock.mock.calls[0][0] as { url: string; headers: Headers };

  it('calls /api without Authorization when signed out', async () => {
    const store = createAppStore();
    await store.dispatch(pingApi.endpoints.ping.initiate());
    expect(lastRequest().url).toBe('/api/ping');
    expect(lastRequest().headers.get('Authorization')).toBeNull();
  });

  it('sends the in-memory access token as a Bearer header', async () => {
    const store = createAppStore();
    store.dispatch(sessionStarted({ user: testUser('expert'), accessToken: 'abc' }));
    await store.dispatch(pingApi.endpoints.ping.initiate());
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer abc');
  });
});
