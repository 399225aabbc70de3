import { jsonForHtml, Messages, PAGE_STATE_ELEMENT_ID, type AuthUser } from '@cqa/contracts';
import { pageDataHydrated, type PageApiState } from '../api/base-api';
import { sessionEnded, sessionStarted } from '../auth/auth.slice';
import { toastShown } from '../toast/toast.slice';
import { createAppStore, type AppStore } from '../store/store';

/**
 * What a page served by the API's page server carries for the app (apps/api/src/web/page-server.ts): the session the
 * server restored from the refresh cookie (so the app starts signed in, without calling /api/auth/refresh) and, when
 * the page was rendered there, the API answers it was drawn with. It travels in a non-executable JSON block
 * (<script type="application/json">), which the CSP (script-src 'self') does not refuse.
 */
export interface PageState {
  session?: { user: AuthUser; accessToken: string };
  /** The refresh cookie's account may no longer hold a session (rejected, disabled, blocked): the cookie is gone. */
  refused?: true;
  /** Narrow screen, as the server guessed from the User-Agent: the first render's media-query answer on both sides. */
  narrow?: boolean;
  api?: PageApiState;
}

export const PAGE_STATE_ID = PAGE_STATE_ELEMENT_ID;

/** The state as JSON that is safe inside the page's <script type="application/json"> block. */
export function serializePageState(state: PageState): string {
  return jsonForHtml(state);
}

/** The page's state block, read once and removed (the access token then lives in memory only). */
export function takePageState(doc: Document = document): PageState | null {
  const element = doc.getElementById(PAGE_STATE_ID);
  if (!element) return null;
  element.remove();
  try {
    const state = JSON.parse(element.textContent ?? '') as PageState;
    if (state?.refused === true) return { refused: true };
    return state?.session?.user && typeof state.session.accessToken === 'string' ? state : null;
  } catch {
    return null;
  }
}

/** The app's store as the page left the server: signed in, and the rendered queries in the cache. */
export function storeFromPageState(state: PageState | null): AppStore {
  const store = createAppStore();
  if (!state) return store;
  if (!state.session) {
    // As restoreSession does after a refused refresh (spec section 8 names the toast).
    store.dispatch(sessionEnded());
    if (state.refused) store.dispatch(toastShown('error', Messages.errors.unableToAccess));
    return store;
  }
  store.dispatch(sessionStarted(state.session));
  if (state.api) store.dispatch(pageDataHydrated(state.api));
  return store;
}

/** The part of a rendered store's state the page carries. */
export function pageStateOf(store: AppStore, narrow: boolean): PageState {
  const { auth, api } = store.getState();
  if (!auth.user || !auth.accessToken) throw new Error('a page state needs a session');
  return {
    session: { user: auth.user, accessToken: auth.accessToken },
    narrow,
    api: { queries: api.queries, mutations: {}, provided: api.provided as PageApiState['provided'] },
  };
}
