import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppStore } from '@cqa/web-core';
import { App } from './app/App';
import { loadRemotePages } from './app/routing/load-remote-pages';
import { createRemotePageResolver } from './app/routing/remote-pages';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App store={createAppStore()} resolver={createRemotePageResolver(loadRemotePages)} />
  </StrictMode>,
);
