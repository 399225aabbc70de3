import { Suspense, useState } from 'react';
import type { RemoteName } from '@cqa/web-core';
import { LoadingState } from '@cqa/web-ui';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import type { RemotePageResolver } from './remote-pages';

interface RemotePageProps {
  remote: RemoteName;
  page: string;
  resolver: RemotePageResolver;
}

/** One page of a remote, loaded on first render. Keyed by route in AppRoutes, so its props never change. */
export function RemotePage({ remote, page, resolver }: RemotePageProps) {
  const [Page, setPage] = useState(() => resolver.page(remote, page));
  // The resolver forgot the failed load, so asking again starts a fresh one.
  const retry = () => setPage(() => resolver.page(remote, page));
  return (
    <RemoteErrorBoundary onRetry={retry} what={`${remote}/${page}`}>
      <Suspense fallback={<LoadingState page />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
