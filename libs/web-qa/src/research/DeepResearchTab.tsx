import { useDeepResearch } from '@cqa/web-core';
import { DeepResearchPanel } from '@cqa/web-ui';

/** The Deep Research tab's controls and the latest run, polled while it runs (staff); for patients the quotes behind the report. */
export function DeepResearchTab({ questionId }: { questionId: number }) {
  const research = useDeepResearch(questionId);
  return (
    <DeepResearchPanel
      latest={research.data}
      busy={research.busy}
      start={research.start}
      savePlan={research.savePlan}
      approve={research.approve}
      cancel={research.cancel}
      retry={research.retry}
      request={research.request}
      cancelRequest={research.cancelRequest}
    />
  );
}
