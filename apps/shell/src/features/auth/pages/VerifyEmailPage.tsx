import { PlaceholderPage } from '@cqa/web-ui';

export function VerifyEmailPage() {
  return <PlaceholderPage title="Verify your email" />;
}
