import { PlaceholderPage } from '@cqa/web-ui';

export function ConsolidatedProfilePage() {
  return <PlaceholderPage title="Consolidated patient profile" />;
}
