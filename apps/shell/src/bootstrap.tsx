import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppStore, installLogHelpers } from '@cqa/web-core';
import { App } from './app/App';
import { loadRemotePages } from './app/routing/load-remote-pages';
import { createRemotePageResolver } from './app/routing/remote-pages';

// debugOn, debugOff, debugStatus and debugHelp in the browser console (spec section 9).
installLogHelpers();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App store={createAppStore()} resolver={createRemotePageResolver(loadRemotePages)} />
  </StrictMode>,
);
