import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createAppStore, installLogHelpers, log, takeCarriedToasts, toastShown } from '@cqa/web-core';
import { App } from './app/App';
import type { RemotePageResolver } from './app/routing/remote-pages';

/**
 * Starts the app in #root: the federated shell (bootstrap.tsx) and the public pages' entry (public-pages.tsx), which
 * passes `leaveFor`, the paths it does not hold.
 */
export function mountApp(resolver: RemotePageResolver, leaveFor?: (pathname: string) => boolean) {
  // debugOn, debugOff, debugStatus and debugHelp in the browser console (spec section 9).
  installLogHelpers();
  const store = createAppStore();
  // The toasts of the page that handed over to this one ('Login successful!' on the way to the dashboard).
  for (const toast of takeCarriedToasts()) store.dispatch(toastShown(toast.kind, toast.message, toast.durationMs));
  const container = document.getElementById('root') as HTMLElement;
  const app = (
    <StrictMode>
      <App store={store} resolver={resolver} leaveFor={leaveFor} />
    </StrictMode>
  );
  // The public pages arrive as HTML (the build's pre-render, tools/webpack/prerender.mjs): React takes that markup
  // over instead of drawing the page again. Where this browser's page differs (a returning visitor's login form instead
  // of the registration form), React renders that part afresh: the intended outcome, so a debug line, not an error.
  if (container.firstElementChild) {
    hydrateRoot(container, app, { onRecoverableError: (error) => log.debug('pre-rendered page re-rendered', error) });
  } else {
    createRoot(container).render(app);
  }
}
