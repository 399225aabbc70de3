import { PlaceholderPage } from '@cqa/web-ui';

export function AdminQuestionPage() {
  return <PlaceholderPage title="Admin question detail" />;
}
