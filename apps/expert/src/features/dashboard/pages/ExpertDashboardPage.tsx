import { QuestionTexts } from '@cqa/contracts';
import { paths, useDashboardStatsQuery } from '@cqa/web-core';
import { PageTitle, QaUiTexts, StatTiles, useQuestionListParams } from '@cqa/web-ui';
import { DashboardQuestions } from '@cqa/web-qa';

export const EXPERT_DASHBOARD_TITLE = 'Expert Dashboard';

export function ExpertDashboardPage() {
  const params = useQuestionListParams();
  // Counts that fail to load show as zeros (spec section 8).
  const stats = useDashboardStatsQuery(params.cancerType || undefined);
  const counts = stats.isError ? undefined : stats.data;

  return (
    <section>
      <PageTitle>{EXPERT_DASHBOARD_TITLE}</PageTitle>
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
