import { PlaceholderPage } from '@cqa/web-ui';

export function PatientsDashboardPage() {
  return <PlaceholderPage title="Patients Dashboard" />;
}
