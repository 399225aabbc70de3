import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PAGE_FRAME_ELEMENT_ID } from '@cqa/contracts';
import { installLogHelpers, log, storeFromPageState, takePageState } from '@cqa/web-core';
import { App } from './app/App';
import type { RemotePageResolver } from './app/routing/remote-pages';

/**
 * Starts the app in #root: the federated shell (bootstrap.tsx) and the public pages' entry (public-pages.tsx), which
 * passes `leaveFor`, the paths it does not hold.
 */
export function mountApp(resolver: RemotePageResolver, leaveFor?: (pathname: string) => boolean) {
  // debugOn, debugOff, debugStatus and debugHelp in the browser console (spec section 9).
  installLogHelpers();
  // A page from the page server (apps/api/src/web/page-server.ts) carries the session it restored and, when it was
  // rendered there, the data it shows: the store starts from them, signed in, without asking /api/auth/refresh.
  const pageState = takePageState();
  const store = storeFromPageState(pageState);
  const container = document.getElementById('root') as HTMLElement;
  const app = (
    <StrictMode>
      <App store={store} resolver={resolver} leaveFor={leaveFor} narrowGuess={pageState?.narrow} />
    </StrictMode>
  );
  // The public pages (the build's pre-render, tools/webpack/prerender.mjs) and the signed-in pages the page server
  // rendered arrive as HTML: React takes that markup over instead of drawing the page again, one Suspense boundary at
  // a time (a remote's page when its code has arrived). Where this browser's page differs (a returning visitor's login
  // form instead of the registration form), React renders that part afresh: the intended outcome, so a debug line.
  if (container.firstElementChild) {
    hydrateRoot(container, app, { onRecoverableError: (error) => log.debug('pre-rendered page re-rendered', error) });
  } else {
    createRoot(container).render(app);
  }
  removeFrameOnceDrawn(container);
}

/** The page server's frame (page-server.ts) stands in until #root has content; then it leaves the document. */
function removeFrameOnceDrawn(container: HTMLElement) {
  const frame = document.getElementById(PAGE_FRAME_ELEMENT_ID);
  if (!frame) return;
  if (container.firstElementChild) return frame.remove();
  const observer = new MutationObserver(() => {
    if (!container.firstElementChild) return;
    frame.remove();
    observer.disconnect();
  });
  observer.observe(container, { childList: true });
}
