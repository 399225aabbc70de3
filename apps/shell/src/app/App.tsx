import { AppProviders, type AppStore } from '@cqa/web-core';
import { appTheme } from '@cqa/web-ui';
import { ShellLayout } from './layout/ShellLayout';
import type { RemotePageResolver } from './routing/remote-pages';
import { SessionRestore } from './SessionRestore';

export function App({ store, resolver }: { store: AppStore; resolver: RemotePageResolver }) {
  return (
    <AppProviders store={store} theme={appTheme}>
      <SessionRestore />
      <ShellLayout resolver={resolver} />
    </AppProviders>
  );
}
