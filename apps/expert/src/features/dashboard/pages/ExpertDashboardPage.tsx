import { PlaceholderPage } from '@cqa/web-ui';

export function ExpertDashboardPage() {
  return <PlaceholderPage title="Expert Dashboard" />;
}
