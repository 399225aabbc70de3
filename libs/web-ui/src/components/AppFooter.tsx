import { Layout } from 'antd';

export function AppFooter({ now = new Date() }: { now?: Date }) {
  return <Layout.Footer style={{ textAlign: 'center' }}>© {now.getFullYear()} Cancer Q&amp;A</Layout.Footer>;
}
