// The page server's renderer (tools/webpack/server-render.mjs bundles this for Node; the API runs it in worker threads,
// apps/api/src/web/page-renderer.ts): a signed-in page drawn with its first data, by the same App the browser runs.
// The API loaded that data in-process for the session (contracts' SERVER_PAGES), so whatever is drawn passed the API's
// access rules; the store it ends with travels in the page (web-core's PageState) for the browser to start from.
import { StrictMode } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { serverPageAt, type RenderRequest, type RenderResult } from '@cqa/contracts';
import {
  baseApi,
  matchRoute,
  pageStateOf,
  serializePageState,
  sessionStarted,
  storeWithPageData,
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

const resolver: RemotePageResolver = createRemotePageResolver(serverRemotes);
// One style cache for the process: antd's styles are worked out once per component, not on every render. The browser
// gets them from the build's stylesheet (./style-sheet.tsx), so the HTML carries none.
const styleCache = createCache();

/** `signal`: the page server gave up on the page; its render stops. */
export async function renderPage(request: RenderRequest, signal?: AbortSignal): Promise<RenderResult> {
  const url = new URL(request.url, 'http://page.invalid');
  const declared = serverPageAt(request.route);
  // The page the URL opens must be the declared one (the app would draw whatever the route table says).
  const route = matchRoute(url.pathname);
  if (!declared || route.path !== declared.path) return { rendered: false, reason: 'not a server-rendered page' };

  const store = await storeWithPageData(request.data, (fresh) => fresh.dispatch(sessionStarted(request.session)));
  try {
    const html = await renderApp(store, `${url.pathname}${url.search}`, request.narrow, styleCache, request.timeoutMs, signal);
    return { rendered: true, html, state: serializePageState(pageStateOf(store, request.narrow)) };
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
