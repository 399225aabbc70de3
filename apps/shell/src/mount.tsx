import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createAppStore, installLogHelpers, log } from '@cqa/web-core';
import { App } from './app/App';
import type { RemotePageResolver } from './app/routing/remote-pages';

/** Starts the app in #root: the federated shell (bootstrap.tsx) and the public pages' entry (public-pages.tsx). */
export function mountApp(resolver: RemotePageResolver) {
  // debugOn, debugOff, debugStatus and debugHelp in the browser console (spec section 9).
  installLogHelpers();
  const container = document.getElementById('root') as HTMLElement;
  const app = (
    <StrictMode>
      <App store={createAppStore()} resolver={resolver} />
    </StrictMode>
  );
  // The public pages arrive as HTML (the build's pre-render, tools/webpack/prerender.mjs): React takes that markup
  // over instead of drawing the page again. Where this browser's page differs (a returning visitor's login form instead
  // of the registration form), React renders that part afresh: the intended outcome, so a debug line, not an error.
  // Both in a transition: React then works in slices of a few milliseconds, between which the browser paints and
  // handles input, instead of one long task that a phone's slower processor turns into seconds of a frozen page.
  if (container.firstElementChild) {
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: (error) => log.debug('pre-rendered page re-rendered', error) });
    });
  } else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}
