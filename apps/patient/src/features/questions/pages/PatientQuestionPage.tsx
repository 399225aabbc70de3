import { PlaceholderPage } from '@cqa/web-ui';

export function PatientQuestionPage() {
  return <PlaceholderPage title="Patient question detail" />;
}
