import type { ComponentType, ReactNode } from 'react';
import { Layout, type ThemeConfig } from 'antd';
import { Link, Navigate, Route, Routes } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { routesOf, type RemoteName } from '../routes/route-table';
import { createAppStore } from '../store/store';

interface RemoteDevHarnessProps {
  app: RemoteName;
  pages: Record<string, ComponentType>;
  /** web-ui's theme and footer, passed in by the remote: web-core does not import web-ui. */
  theme?: ThemeConfig;
  footer?: ReactNode;
}

/** Renders one remote's pages on its own dev server, without the shell (guards unmounted, as in the shell). */
export function RemoteDevHarness({ app, pages, theme, footer }: RemoteDevHarnessProps) {
  const own = routesOf(app);
  const staticPaths = own.filter((route) => !route.path.includes(':')).map((route) => route.path);
  return (
    <AppProviders store={createAppStore()} theme={theme}>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Header style={{ background: '#fff', borderBottom: '1px solid #d9d9d9' }}>
          <nav aria-label={`${app} remote pages`} style={{ display: 'flex', gap: 16 }}>
            <strong>{app} remote (standalone)</strong>
            {staticPaths.map((path) => (
              <Link key={path} to={path}>
                {path}
              </Link>
            ))}
          </nav>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Routes>
            {own.map(({ path, page }) => {
              const Page = pages[page];
              return <Route key={path} path={path} element={<Page />} />;
            })}
            <Route path="*" element={<Navigate to={staticPaths[0]} replace />} />
          </Routes>
        </Layout.Content>
        {footer}
      </Layout>
    </AppProviders>
  );
}
