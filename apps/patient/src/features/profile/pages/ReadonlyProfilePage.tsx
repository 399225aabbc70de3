import { PlaceholderPage } from '@cqa/web-ui';

export function ReadonlyProfilePage() {
  return <PlaceholderPage title="Read-only patient profile" />;
}
