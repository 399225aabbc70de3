import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { appTheme } from '@cqa/web-ui';
import type { AppStore } from '../store/store';

/** Store, antd theme and router: what the shell and each remote's dev harness wrap their pages in. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider theme={appTheme}>
        <BrowserRouter>{children}</BrowserRouter>
      </ConfigProvider>
    </Provider>
  );
}
