import { createContext, useContext, useState, type ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { Provider } from 'react-redux';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AppStore } from '../store/store';
import { carryToastsOver } from '../toast/toast-carry-over';

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
 *
 * `leaveFor`: the paths this bundle does not hold (the public pages' bundle has no remote pages). Moving to one loads
 * it as a new document instead (the toasts on screen carried over): the splat route's loader starts that navigation
 * and never settles, so this page stays as it is, address included, until the browser has the next one.
 */
export function AppProviders({
  store,
  theme,
  location,
  leaveFor,
  children,
}: {
  store: AppStore;
  theme?: ThemeConfig;
  location?: string;
  leaveFor?: (pathname: string) => boolean;
  children: ReactNode;
}) {
  const [router] = useState(() => {
    const leave = leaveFor && {
      loader: ({ request }: { request: Request }) => {
        const url = new URL(request.url);
        if (!leaveFor(url.pathname)) return null;
        carryToastsOver(store.getState().toasts);
        window.location.assign(`${url.pathname}${url.search}${url.hash}`);
        return new Promise<never>(() => undefined);
      },
    };
    const routes = [{ id: 'app', path: '*', element: <RouterContent />, ...leave }];
    if (location !== undefined) return createMemoryRouter(routes, { initialEntries: [location] });
    // The page being opened is this bundle's own: no loader to wait for before the first render (or the hydration).
    return createBrowserRouter(routes, leave ? { hydrationData: { loaderData: { app: null } } } : undefined);
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
