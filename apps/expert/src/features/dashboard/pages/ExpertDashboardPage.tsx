import { QuestionTexts } from '@cqa/contracts';
import { paths, useDashboardStatsQuery, useQuestionsQuery, useSimilarQuestions } from '@cqa/web-core';
import { PageTitle, QaUiTexts, QuestionBrowser, StatTiles, useQuestionListParams } from '@cqa/web-ui';

export const EXPERT_DASHBOARD_TITLE = 'Expert Dashboard';

export function ExpertDashboardPage() {
  const params = useQuestionListParams();
  const list = useQuestionsQuery(params.query);
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
      <QuestionBrowser
        params={params}
        list={list}
        emptyText={QuestionTexts.expertEmpty}
        linkTo={paths.expertQuestion}
        useSimilar={useSimilarQuestions}
        showNeedsExpertBadge
      />
    </section>
  );
}
