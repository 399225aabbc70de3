import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { createAction } from '@reduxjs/toolkit';
import { AuthPaths, type SessionResponse } from '@cqa/contracts';
import { sessionEnded, sessionStarted, type AuthState } from '../auth/auth.slice';
import { logFailedCall } from '../logging/log-events';

/** Adds the in-memory access token, if any, as a Bearer header. */
export function prepareAuthHeaders(headers: Headers, { getState }: { getState: () => unknown }): Headers {
  const token = (getState() as { auth?: AuthState }).auth?.accessToken;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

const baseQueryFor = (baseUrl: string) =>
  fetchBaseQuery({
    baseUrl,
    prepareHeaders: prepareAuthHeaders,
    // The refresh cookie is httpOnly and same-origin.
    credentials: 'same-origin',
    // Resolved per call, so jsdom tests and polyfills can supply fetch later.
    fetchFn: (...args) => fetch(...args),
  });

const apiBase = baseQueryFor('/api');

/**
 * What a store's thunks are handed (createAppStore). `pageAnswers`: the page server's renderer's store, whose queries
 * are answered with what the API loaded for the page (by endpoint), never over the network.
 */
export interface StoreExtra {
  pageAnswers?: Partial<Record<string, { data: unknown } | { error: FetchBaseQueryError }>>;
}

export const rawBaseQuery: ReturnType<typeof fetchBaseQuery> = (args, api, extra) => {
  const pageAnswers = (api.extra as StoreExtra | undefined)?.pageAnswers;
  if (pageAnswers) return pageAnswers[api.endpoint] ?? { error: { status: 'CUSTOM_ERROR', error: `${api.endpoint}: not loaded for this page` } };
  return apiBase(args, api, extra);
};

type Api = Parameters<typeof rawBaseQuery>[1];
/** A failed refresh carries the server's error; a quiet 204 (no refresh cookie: nobody is signed in) carries none. */
export type RefreshOutcome = { ok: true; session: SessionResponse } | { ok: false; error: FetchBaseQueryError | null };

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Exchanges the refresh cookie for a new session. The refresh token rotates and a reused one revokes its whole
 * family, so concurrent callers (StrictMode's double effects, parallel 401s) share one request, and the browser's tabs
 * take turns (acrossTabs).
 */
export function refreshSession(api: Api): Promise<RefreshOutcome> {
  refreshing ??= (async (): Promise<RefreshOutcome> => {
    try {
      const outcome = await acrossTabs.refreshOnce(async () => {
        const result = await rawBaseQuery({ url: apiRelative(AuthPaths.refresh), method: 'POST' }, api, {});
        if (result.error) return { ok: false, error: result.error };
        const session = result.data as SessionResponse | null | undefined;
        if (result.meta?.response?.status === 204 || !session) return { ok: false, error: null };
        return { ok: true, session };
      });
      if (outcome.ok) api.dispatch(sessionStarted({ user: outcome.session.user, accessToken: outcome.session.accessToken }));
      return outcome;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

const REFRESH_LOCK = 'cqa:session-refresh';
const SESSION_CHANNEL = 'cqa:session';

/**
 * The tabs of one browser share one refresh cookie, so they refresh one at a time (the Web Locks API): a tab never sends
 * a token another tab is rotating. A tab that waited takes the session the tab before it just received (announced on a
 * BroadcastChannel) instead of rotating again. Where either API is missing, the server's grace window covers the race.
 */
export function crossTabRefresh(scope: { locks?: LockManager; channel?: BroadcastChannel | null; now?: () => number }) {
  const now = scope.now ?? Date.now;
  let latest: { session: SessionResponse; at: number } | null = null;
  let announced: (() => void) | null = null;
  scope.channel?.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; session?: SessionResponse } | null;
    if (data?.type !== 'refreshed' || !data.session?.accessToken) return;
    latest = { session: data.session, at: now() };
    announced?.();
  });
  /** The session another tab announced since `since`, waiting up to `ms` for its message (it may trail the lock). */
  const announcedSince = async (since: number, ms: number): Promise<SessionResponse | null> => {
    if (!(latest && latest.at >= since) && scope.channel && ms > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        announced = () => { clearTimeout(timer); resolve(); };
      });
      announced = null;
    }
    return latest && latest.at >= since ? latest.session : null;
  };
  return {
    async refreshOnce(refresh: () => Promise<RefreshOutcome>): Promise<RefreshOutcome> {
      if (!scope.locks) return refresh();
      const asked = now();
      let holderBefore = false;
      // ifAvailable tells whether another tab holds the lock: only then is an announcement worth waiting for.
      const immediate = await scope.locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) => {
        if (!lock) { holderBefore = true; return null; }
        return run();
      });
      if (!holderBefore) return immediate!;
      return scope.locks.request(REFRESH_LOCK, async () => {
        const taken = await announcedSince(asked, ANNOUNCEMENT_WAIT_MS);
        return taken ? { ok: true, session: taken } : run();
      });

      async function run(): Promise<RefreshOutcome> {
        const outcome = await refresh();
        if (outcome.ok) scope.channel?.postMessage({ type: 'refreshed', session: outcome.session });
        return outcome;
      }
    },
  };
}

/** How long a tab that waited for another's refresh waits for its announcement before rotating the cookie itself. */
const ANNOUNCEMENT_WAIT_MS = 150;

// Made at the first refresh, in a browser only: a BroadcastChannel opened at import would keep a server render's process alive.
let tabs: ReturnType<typeof crossTabRefresh> | null = null;
const acrossTabs = {
  refreshOnce: (refresh: () => Promise<RefreshOutcome>) =>
    (tabs ??= crossTabRefresh({
      locks: typeof window !== 'undefined' ? navigator.locks : undefined,
      channel: typeof window !== 'undefined' && typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : null,
    })).refreshOnce(refresh),
};

/** Auth calls answer 401 for their own reasons (wrong password); refreshing would not help them. */
function isAuthCall(args: string | FetchArgs): boolean {
  const url = typeof args === 'string' ? args : args.url;
  return url.startsWith('/auth/') && url !== '/auth/me';
}

/** Retries a call once after a 401 by refreshing the session; a failed refresh ends the session. */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  let result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 401 && !isAuthCall(args)) {
    const refreshed = await refreshSession(api);
    if (refreshed.ok) {
      result = await rawBaseQuery(args, api, extra);
    } else {
      api.dispatch(sessionEnded());
    }
  }
  if (result.error) {
    const call = typeof args === 'string' ? { url: args, method: 'GET' } : { url: args.url, method: args.method ?? 'GET' };
    logFailedCall({ ...call, status: result.error.status, requestId: result.meta?.response?.headers.get('x-request-id') ?? null });
  }
  return result;
};

/**
 * The queries a server-rendered page was drawn with (apps/shell/src/server, web-core's page-state.ts): taken into the
 * browser's cache before hydration, so the first render there shows the same data and fetches nothing again.
 */
export const pageDataHydrated = createAction<PageApiState>('cqa/pageDataHydrated');

/** The part of the API cache a page carries: its finished queries and the tags they provide. */
export interface PageApiState {
  queries: Record<string, unknown>;
  mutations: Record<string, unknown>;
  provided: { tags: Record<string, Record<string, string[]>>; keys: Record<string, unknown> };
}

/** The one RTK Query API; each remote adds its endpoints with baseApi.injectEndpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['AdminUsers'],
  endpoints: () => ({}),
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- RTK Query types this as its own internal state
  extractRehydrationInfo: (action) => (pageDataHydrated.match(action) ? (action.payload as any) : undefined),
});

/** Contract paths start at the site root ('/api/…'); baseApi already prefixes '/api'. */
export function apiRelative(path: string): string {
  return path.replace(/^\/api(?=\/|$)/, '') || '/';
}

/** The user-facing text of a failed call: the server's message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: unknown } | undefined)?.data as { message?: unknown } | undefined;
  const message = data?.message;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return fallback;
}

/** A failed call's message with the line some refusals add under it (ApiErrorBody.detail), as one text. */
export function errorMessageWithDetail(error: unknown, fallback: string): string {
  const detail = ((error as { data?: unknown } | undefined)?.data as { detail?: unknown } | undefined)?.detail;
  const message = errorMessage(error, fallback);
  return typeof detail === 'string' && detail ? `${message} ${detail}` : message;
}

/** The HTTP status of a failed call, if it got an answer. */
export function errorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}
