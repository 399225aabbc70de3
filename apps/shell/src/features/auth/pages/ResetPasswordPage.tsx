import { PlaceholderPage } from '@cqa/web-ui';

export function ResetPasswordPage() {
  return <PlaceholderPage title="Reset your password" />;
}
