import { createRemotePageResolver } from './app/routing/remote-pages';
import { mountApp } from './mount';

// A remote's page is not in this bundle (public-pages.tsx): the browser loads its address afresh, and the
// never-settling load keeps the page's loading state on screen until it has left.
mountApp(
  createRemotePageResolver(() => {
    window.location.reload();
    return new Promise(() => undefined);
  }),
);
