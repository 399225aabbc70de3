import { PlaceholderPage } from '@cqa/web-ui';

export function ExpertQuestionPage() {
  return <PlaceholderPage title="Expert question detail" />;
}
