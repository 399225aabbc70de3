import { useEffect } from 'react';
import { AppProviders, type AppStore } from '@cqa/web-core';
import { appTheme } from '@cqa/web-ui';
import { ShellLayout } from './layout/ShellLayout';
import { DocumentTitle } from './routing/DocumentTitle';
import type { RemotePageResolver } from './routing/remote-pages';
import { SessionRestore } from './SessionRestore';

/**
 * `location`: rendered outside a browser, at this path (the build's pre-render, ../prerender.tsx). `leaveFor`: the
 * paths this bundle does not hold, loaded as a new document (the public pages' bundle, ../public-pages.tsx).
 */
export function App({
  store,
  resolver,
  location,
  leaveFor,
}: {
  store: AppStore;
  resolver: RemotePageResolver;
  location?: string;
  leaveFor?: (pathname: string) => boolean;
}) {
  return (
    <AppProviders store={store} theme={appTheme} location={location} leaveFor={leaveFor}>
      <SessionRestore />
      <DocumentTitle />
      <Interactive />
      <ShellLayout resolver={resolver} />
    </AppProviders>
  );
}

/**
 * A pre-rendered page's HTML arrives inert (tools/webpack/prerender.mjs): a click or key before React has taken it
 * over would be lost. Once the app is mounted, React handles them (and hydrates a page part still waiting on its code
 * first), so the page becomes interactive.
 */
function Interactive() {
  useEffect(() => document.getElementById('root')?.removeAttribute('inert'), []);
  return null;
}
