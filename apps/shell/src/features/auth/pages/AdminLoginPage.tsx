import { PlaceholderPage } from '@cqa/web-ui';

export function AdminLoginPage() {
  return <PlaceholderPage title="Admin login" />;
}
