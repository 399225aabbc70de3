import { Route, Routes } from 'react-router-dom';
import { routeTable, type PageKey } from '@cqa/web-core';
import { shellPages } from '../../shell-pages';
import { RemotePage } from './RemotePage';
import type { RemotePageResolver } from './remote-pages';

/**
 * Every route of the route table. The access guards (RequireAccess from @cqa/web-core) are deliberately
 * NOT mounted yet: there is no sign-in until the accounts issue, and until then each dashboard must be
 * reachable without a session. The accounts issue wraps each element in <RequireAccess access={access}>.
 */
export function AppRoutes({ resolver }: { resolver: RemotePageResolver }) {
  return (
    <Routes>
      {routeTable.map(({ path, app, page }) => {
        if (app !== 'shell') {
          const element = <RemotePage key={path} remote={app} page={page} resolver={resolver} />;
          return <Route key={path} path={path} element={element} />;
        }
        const ShellPage = shellPages[page as PageKey<'shell'>];
        return <Route key={path} path={path} element={<ShellPage />} />;
      })}
    </Routes>
  );
}
