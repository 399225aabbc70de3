import { paths } from '@cqa/web-core';
import { ResearchRequestsPage } from '@cqa/web-qa';

/** The "Research requests" queue (issue 38); each request's question opens in this remote. */
export function ResearchRequestsQueuePage() {
  return <ResearchRequestsPage questionPath={paths.adminQuestion} />;
}
