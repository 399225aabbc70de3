import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ConfigProvider } from 'antd';
import { appTheme } from '../theme';

/**
 * One remote page as its own chunk, fetched when the route first renders (the shell's Suspense shows Loading).
 * antd is not a federation shared module (each app bundles only the components it uses), so the shell's
 * ConfigProvider belongs to another copy of antd: the page carries the theme itself.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const Page = await load();
    function ThemedPage() {
      return (
        <ConfigProvider theme={appTheme}>
          <Page />
        </ConfigProvider>
      );
    }
    ThemedPage.displayName = `Themed(${Page.displayName ?? Page.name})`;
    return { default: ThemedPage };
  });
}
