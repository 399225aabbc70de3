import { PlaceholderPage } from '@cqa/web-ui';

export function ForgotPasswordPage() {
  return <PlaceholderPage title="Forgot your password?" />;
}
