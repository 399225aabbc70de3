import { PlaceholderPage } from '@cqa/web-ui';

export function ApproveUserPage() {
  return <PlaceholderPage title="Approve user" />;
}
