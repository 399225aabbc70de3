import { PlaceholderPage } from '@cqa/web-ui';

export function EditPatientPage() {
  return <PlaceholderPage title="Edit patient profile" />;
}
