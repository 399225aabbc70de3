// The frame of each server-rendered page (issue 43 item 3), made at build time (tools/webpack/server-render.mjs writes
// dist/web/server/frames.json): the top bar and the page's loading state, drawn by the same App as the page while the
// remote's page is still on its way, exactly as the browser draws it before its code arrives. The page server sends it
// right after the head, before the page's data is loaded and rendered, so the browser paints at once; the index.html
// stylesheet hides it once #root has content.
import { lazy, StrictMode, type ComponentType } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { SERVER_PAGES, type AuthUser, type Role } from '@cqa/contracts';
import { createAppStore, sessionStarted } from '@cqa/web-core';
import { App } from '../app/App';
import type { RemotePageResolver } from '../app/routing/remote-pages';

const never = lazy(() => new Promise<{ default: ComponentType }>(() => undefined));
/** Every remote page still loading: the route shows its Suspense fallback. */
const pendingPages: RemotePageResolver = { page: () => never, preload: () => undefined, module: () => new Promise(() => undefined) };

export type PageFrames = Record<string, { wide: string; narrow: string }>;

/** The frame's markup of one page at one width, for a signed-in user of its role (their links in the top bar). */
function renderFrame(path: string, user: AuthUser, narrow: boolean, cache: ReturnType<typeof createCache>): Promise<string> {
  const store = createAppStore();
  store.dispatch(sessionStarted({ user, accessToken: 'frame' }));
  return new Promise<string>((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
    });
    sink.on('finish', () => resolve(html));
    const stream = renderToPipeableStream(
      <StrictMode>
        <StyleProvider cache={cache}>
          <App store={store} resolver={pendingPages} location={path} narrowGuess={narrow} />
        </StyleProvider>
      </StrictMode>,
      {
        // The shell with the pending page's fallback is all there is to draw: the rest is never coming.
        onShellReady: () => {
          stream.pipe(sink);
          stream.abort();
        },
        onShellError: reject,
        onError: () => undefined,
      },
    );
  });
}

/**
 * The frames of every declared page (contracts' SERVER_PAGES) at both widths. The ids are left out (the page itself
 * carries them), and React's markers and script for the unfinished boundary with them: nothing here is hydrated.
 */
export async function renderFrames(user: (role: Role) => AuthUser, cache = createCache()): Promise<PageFrames> {
  const frames: PageFrames = {};
  for (const page of SERVER_PAGES) {
    const [wide, narrow] = await Promise.all([false, true].map((n) => renderFrame(page.path.replace(':id', '0'), user(page.access), n, cache)));
    frames[page.path] = { wide: clean(wide), narrow: clean(narrow) };
  }
  return frames;
}

const clean = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/\sid="[^"]*"/g, '')
    .replace(/<template[^>]*><\/template>/g, '')
    .replace(/<!--\/?\$[!?]?-->/g, '');
