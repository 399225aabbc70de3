import { QuestionTexts, QUESTIONS_PER_PAGE } from '@cqa/contracts';
import { paths, useDashboardStatsQuery, useQuestionsQuery } from '@cqa/web-core';
import { PageTitle, QaUiTexts, QuestionList, QuestionListControls, StatTiles, VisuallyHidden, useQuestionListParams } from '@cqa/web-ui';

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
      <QuestionListControls
        filter={params.filter}
        cancerType={params.cancerType}
        q={params.q}
        onFilterChange={params.setFilter}
        onCancerTypeChange={params.setCancerType}
        onSearch={params.setSearch}
      />
      <h2>
        <VisuallyHidden>{QaUiTexts.questionListHeading}</VisuallyHidden>
      </h2>
      <QuestionList
        items={list.data?.items}
        isLoading={list.isLoading}
        isFetching={list.isFetching}
        isError={list.isError}
        onRetry={list.refetch}
        page={params.page}
        perPage={QUESTIONS_PER_PAGE}
        onPageChange={params.setPage}
        emptyText={QuestionTexts.expertEmpty}
        linkTo={paths.expertQuestion}
        showNeedsExpertBadge
      />
    </section>
  );
}
