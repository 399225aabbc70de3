// The public pages' app (issue 35), loaded by their entry (public-pages.ts) once the visitor first touches the page:
// it hydrates the pre-rendered page, built without Module Federation. Every shell page works here; the remotes' pages
// do not exist in this bundle: moving to one (the dashboard after signing in, a link) loads that address as a new
// document, which the server answers with the federated shell (bootstrap.tsx); it restores the session from its
// cookie and shows the toasts carried over (AppProviders' `leaveFor`).
import { matchRoute } from '@cqa/web-core';
import { createRemotePageResolver } from './app/routing/remote-pages';
import { mountApp } from './mount';

const isRemotePage = (pathname: string) => matchRoute(pathname).app !== 'shell';

mountApp(
  // Not reached through navigation (leaveFor goes first); kept so a remote page rendered here anyway still leaves.
  createRemotePageResolver(() => {
    window.location.reload();
    return new Promise(() => undefined);
  }),
  isRemotePage,
);
