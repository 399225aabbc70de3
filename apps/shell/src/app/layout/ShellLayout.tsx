import { Layout } from 'antd';
import { AppFooter, ResponsiveStyles } from '@cqa/web-ui';
import { AppRoutes } from '../routing/AppRoutes';
import type { RemotePageResolver } from '../routing/remote-pages';
import { ToastArea } from './ToastArea';
import { TopBar } from './TopBar';

export function ShellLayout({ resolver }: { resolver: RemotePageResolver }) {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <ResponsiveStyles />
      <TopBar />
      <Layout.Content className="cqa-content" style={{ padding: '32px 24px', width: '100%', maxWidth: 1100, margin: '0 auto' }}>
        <AppRoutes resolver={resolver} />
      </Layout.Content>
      <AppFooter />
      <ToastArea />
    </Layout>
  );
}
