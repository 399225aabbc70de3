import { PlaceholderPage } from '@cqa/web-ui';

export function ProfileWizardPage() {
  return <PlaceholderPage title="Patient profile wizard" />;
}
