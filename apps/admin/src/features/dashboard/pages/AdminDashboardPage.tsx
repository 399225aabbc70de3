import { PlaceholderPage } from '@cqa/web-ui';

export function AdminDashboardPage() {
  return <PlaceholderPage title="Admin Dashboard" />;
}
