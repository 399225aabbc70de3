// The page server's renderer (tools/webpack/server-render.mjs bundles this for Node; the API runs it in worker threads,
// apps/api/src/web/page-renderer.ts): a signed-in page drawn with its first data, by the same App the browser runs.
// The data comes from the API itself over loopback with the user's access token, so whatever is drawn passed the
// API's access rules; the store it ends with travels in the page (web-core's PageState) for the browser to start from.
import { StrictMode } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { matchPath } from 'react-router-dom';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import type { AuthUser } from '@cqa/contracts';
import {
  baseApi,
  canAccess,
  createAppStore,
  matchRoute,
  pageStateOf,
  serializePageState,
  sessionStarted,
  setApiOrigin,
  type AppStore,
  type RemoteName,
} from '@cqa/web-core';
import { App } from '../app/App';
import { createRemotePageResolver, type RemotePageResolver, type RemotePagesModule } from '../app/routing/remote-pages';

/**
 * The remotes' './pages' modules, bundled into the renderer (the server build's aliases point 'patient/pages' and the
 * others at each remote's src/pages.ts), behind the same RemotePageResolver the browser's shell loads them through
 * with Module Federation.
 */
export const serverRemotes = (remote: RemoteName): Promise<RemotePagesModule> => {
  switch (remote) {
    case 'patient':
      return import('patient/pages');
    case 'expert':
      return import('expert/pages');
    case 'admin':
      return import('admin/pages');
  }
};

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  session: { user: AuthUser; accessToken: string };
  /** The API's own address, e.g. http://127.0.0.1:8080. */
  apiOrigin: string;
  narrow: boolean;
  /** How long the page's data may take (ms); a slower page is not rendered here. */
  dataTimeoutMs: number;
}

export type RenderResult =
  | { rendered: true; html: string; state: string; route: string }
  | { rendered: false; reason: string };

const resolver: RemotePageResolver = createRemotePageResolver(serverRemotes);
// One style cache for the process: antd's styles are worked out once per component, not on every render. The browser
// gets them from the build's stylesheet (./style-sheet.tsx), so the HTML carries none.
const styleCache = createCache();
let origin: string | null = null;

/** `signal`: the page server gave up on the page; its data requests are aborted and its render stopped. */
export async function renderPage(request: RenderRequest, signal?: AbortSignal): Promise<RenderResult> {
  if (origin !== request.apiOrigin) setApiOrigin((origin = request.apiOrigin));
  const url = new URL(request.url, 'http://page.invalid');
  const route = matchRoute(url.pathname);
  if (route.app === 'shell') return { rendered: false, reason: 'not a remote page' };
  const params = matchPath(route.path, url.pathname)?.params ?? {};
  if (!canAccess(route.access, request.session.user, params.patientId)) return { rendered: false, reason: 'not this role’s page' };
  const remote = route.app;
  const prefetch = (await resolver.module(remote)).prefetch?.[route.page];
  if (!prefetch) return { rendered: false, reason: 'a page without server rendering' };

  const store = createAppStore();
  try {
    store.dispatch(sessionStarted(request.session));
    const deadline = Date.now() + request.dataTimeoutMs;
    const loading = prefetch({ params, search: url.searchParams, user: request.session.user }).map(
      (action) => store.dispatch(action) as unknown as PromiseLike<unknown> & { abort?: () => void },
    );
    const abortLoading = () => loading.forEach((query) => query.abort?.());
    signal?.addEventListener('abort', abortLoading, { once: true });
    const loaded = await withTimeout(Promise.all(loading), request.dataTimeoutMs, signal).finally(() => signal?.removeEventListener('abort', abortLoading));
    if (!loaded) {
      abortLoading();
      return { rendered: false, reason: signal?.aborted ? 'cancelled' : 'the data took too long' };
    }
    const html = await renderApp(store, `${url.pathname}${url.search}`, request.narrow, styleCache, Math.max(1, deadline - Date.now()), signal);
    return { rendered: true, html, state: serializePageState(pageStateOf(store, request.narrow)), route: route.path };
  } finally {
    // Ends the queries' cache timers: this store is done with.
    store.dispatch(baseApi.util.resetApiState());
  }
}

/**
 * The page's markup, every Suspense boundary in place (React's inline script for a late one is refused by the CSP).
 * A render still unfinished after `limitMs` is abandoned (the page server has sent the plain app by then).
 */
export function renderApp(store: AppStore, location: string, narrow: boolean, cache = styleCache, limitMs = 60_000, signal?: AbortSignal): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let html = '';
    let failed: unknown = null;
    const timer = setTimeout(() => stream.abort(new Error('the render took too long')), limitMs);
    signal?.addEventListener('abort', () => stream.abort(new Error('cancelled')), { once: true });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
    });
    sink.on('finish', () => {
      clearTimeout(timer);
      if (failed) reject(failed);
      else resolve(html);
    });
    const stream = renderToPipeableStream(
      <StrictMode>
        <StyleProvider cache={cache}>
          <App store={store} resolver={resolver} location={location} narrowGuess={narrow} />
        </StyleProvider>
      </StrictMode>,
      {
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady: () => stream.pipe(sink),
        onShellError: (error) => {
          clearTimeout(timer);
          reject(error);
        },
        // An error inside a boundary would leave that part to the browser with React's client-render marker: the page
        // is then better not server-rendered at all.
        onError: (error) => {
          failed ??= error;
        },
      },
    );
  });
}

async function withTimeout<T>(work: Promise<T>, ms: number, signal?: AbortSignal): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
    signal?.addEventListener('abort', () => resolve(null), { once: true });
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
