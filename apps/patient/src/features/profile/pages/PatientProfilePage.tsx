import { PlaceholderPage } from '@cqa/web-ui';

export function PatientProfilePage() {
  return <PlaceholderPage title="Patient profile summary" />;
}
