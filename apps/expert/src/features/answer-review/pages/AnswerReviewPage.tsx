import { PlaceholderPage } from '@cqa/web-ui';

export function AnswerReviewPage() {
  return <PlaceholderPage title="Expert answer review" />;
}
