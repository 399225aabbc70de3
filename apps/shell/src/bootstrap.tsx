import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createAppStore, installLogHelpers, log, matchRoute } from '@cqa/web-core';
import { App } from './app/App';
import { loadRemotePages } from './app/routing/load-remote-pages';
import { createRemotePageResolver } from './app/routing/remote-pages';

// debugOn, debugOff, debugStatus and debugHelp in the browser console (spec section 9).
installLogHelpers();

const resolver = createRemotePageResolver(loadRemotePages);
// A remote's page opened directly (a reload, a link, a signed-in user's start page) fetches its remote now, beside the
// session restore, instead of after it.
const opened = matchRoute(window.location.pathname).app;
if (opened !== 'shell') resolver.preload(opened);

const container = document.getElementById('root') as HTMLElement;
const app = (
  <StrictMode>
    <App store={createAppStore()} resolver={resolver} />
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
