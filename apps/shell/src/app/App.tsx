import { useEffect } from 'react';
import { AppProviders, takeCarriedToasts, toastShown, useAppDispatch, type AppStore } from '@cqa/web-core';
import { appTheme, ServerNarrowGuess } from '@cqa/web-ui';
import { ShellLayout } from './layout/ShellLayout';
import { DocumentTitle } from './routing/DocumentTitle';
import type { RemotePageResolver } from './routing/remote-pages';
import { SessionRestore } from './SessionRestore';

/**
 * `location`: rendered outside a browser, at this path and query (the build's pre-render, ../prerender.tsx, and the
 * page server, ../server/render-page.tsx). `leaveFor`: the paths this bundle does not hold, loaded as a new document
 * (the public pages' bundle, ../public-pages.tsx). `narrowGuess`: the page server's phone-or-not guess that a
 * server-rendered page was drawn with (useIsNarrow's first answer, so hydration matches).
 */
export function App({
  store,
  resolver,
  location,
  leaveFor,
  narrowGuess = false,
}: {
  store: AppStore;
  resolver: RemotePageResolver;
  location?: string;
  leaveFor?: (pathname: string) => boolean;
  narrowGuess?: boolean;
}) {
  return (
    <ServerNarrowGuess.Provider value={narrowGuess}>
      <AppProviders store={store} theme={appTheme} location={location} leaveFor={leaveFor}>
        <SessionRestore />
        <DocumentTitle />
        <CarriedToasts />
        <ShellLayout resolver={resolver} />
      </AppProviders>
    </ServerNarrowGuess.Provider>
  );
}

/**
 * The toasts of the page that handed over to this one ('Login successful!' on the way to the dashboard), shown once
 * the page is hydrated: shown before, they would differ from the HTML the server sent.
 */
function CarriedToasts() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    for (const toast of takeCarriedToasts()) dispatch(toastShown(toast.kind, toast.message, toast.durationMs));
  }, [dispatch]);
  return null;
}
