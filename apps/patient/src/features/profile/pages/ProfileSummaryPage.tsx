import { PlaceholderPage } from '@cqa/web-ui';

export function ProfileSummaryPage() {
  return <PlaceholderPage title="Profile Summary" />;
}
