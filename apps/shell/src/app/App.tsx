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
      <ShellLayout resolver={resolver} />
    </AppProviders>
  );
}
