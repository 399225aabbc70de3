import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { routeTable, type PageKey } from '@cqa/web-core';
import { LoadingState } from '@cqa/web-ui';
import { shellPages } from '../../shell-pages';
import { RemotePage } from './RemotePage';
import { RequireAccess } from './RequireAccess';
import type { RemotePageResolver } from './remote-pages';

/** Every route of the route table, each behind its access guard (spec section 2). */
export function AppRoutes({ resolver }: { resolver: RemotePageResolver }) {
  return (
    <Routes>
      {routeTable.map(({ path, app, page, access }) => {
        const ShellPage = app === 'shell' ? shellPages[page as PageKey<'shell'>] : null;
        const element = ShellPage ? (
          <Suspense fallback={<LoadingState page />}>
            <ShellPage />
          </Suspense>
        ) : (
          <RemotePage key={path} remote={app as Exclude<typeof app, 'shell'>} page={page} resolver={resolver} />
        );
        return <Route key={path} path={path} element={<RequireAccess access={access}>{element}</RequireAccess>} />;
      })}
    </Routes>
  );
}
