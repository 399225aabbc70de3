import { QuestionTexts } from '@cqa/contracts';
import { paths, useDashboardStatsQuery } from '@cqa/web-core';
import { PageTitle, QaUiTexts, StatTiles, useQuestionListParams } from '@cqa/web-ui';
import { DashboardQuestions } from '@cqa/web-qa';
import { ExpertDashboardTexts } from '../texts';

export function ExpertDashboardPage() {
  const params = useQuestionListParams();
  // Counts that fail to load show as zeros (spec section 8).
  const stats = useDashboardStatsQuery(params.cancerType || undefined);
  const counts = stats.isError ? undefined : stats.data;

  return (
    <section>
      <PageTitle>{ExpertDashboardTexts.title}</PageTitle>
      <StatTiles
        tiles={[
          { label: QaUiTexts.patients, value: counts?.totalPatients },
          { label: params.cancerType ? QaUiTexts.questionsOf(params.cancerType) : QaUiTexts.questions, value: counts?.totalQuestions },
        ]}
      />
      <DashboardQuestions params={params} emptyText={QuestionTexts.expertEmpty} linkTo={paths.expertQuestion} showNeedsExpertBadge />
    </section>
  );
}
