import { createContext, useContext, useState, type ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { Provider } from 'react-redux';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AppStore } from '../store/store';

const Content = createContext<ReactNode>(null);

function RouterContent() {
  return useContext(Content);
}

/**
 * Store, antd theme and router: what the shell and each remote's dev harness wrap their pages in. The theme is passed
 * in (web-ui's appTheme) because web-core does not import web-ui. A data router
 * (one splat route whose element holds the app's own <Routes>) so pages can block navigation with useBlocker,
 * e.g. the profile wizard's unsaved-changes prompt. `location` renders outside a browser (the build's pre-render of the
 * public pages, apps/shell/src/prerender.tsx): a memory router at that path.
 */
export function AppProviders({ store, theme, location, children }: { store: AppStore; theme?: ThemeConfig; location?: string; children: ReactNode }) {
  const [router] = useState(() => {
    const routes = [{ path: '*', element: <RouterContent /> }];
    return location === undefined ? createBrowserRouter(routes) : createMemoryRouter(routes, { initialEntries: [location] });
  });
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme}>
        <Content.Provider value={children}>
          <RouterProvider router={router} />
        </Content.Provider>
      </ConfigProvider>
    </Provider>
  );
}
