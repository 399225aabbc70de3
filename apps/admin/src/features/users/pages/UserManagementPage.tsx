import { PlaceholderPage } from '@cqa/web-ui';

export function UserManagementPage() {
  return <PlaceholderPage title="User management" />;
}
