import type { ReactNode } from 'react';
import { QUESTIONS_PER_PAGE, type QuestionSummary } from '@cqa/contracts';
import { QuestionList } from './QuestionList';
import { QuestionListControls } from './QuestionListControls';
import { QaUiTexts } from './texts';
import type { useQuestionListParams } from './use-question-list-params';
import { VisuallyHidden } from './VisuallyHidden';
import type { UseSimilarQuestions } from './SimilarQuestions';

/** The part of a list query result the browser reads (an RTK Query result fits). */
interface QuestionListResult {
  data?: { items: QuestionSummary[] };
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface QuestionBrowserProps {
  params: ReturnType<typeof useQuestionListParams>;
  list: QuestionListResult;
  emptyText: string;
  linkTo: (id: number) => string;
  showNeedsExpertBadge?: boolean;
  /** Offer Mine / All (the patient dashboard). */
  offerScope?: boolean;
  renderActions?: (question: QuestionSummary) => ReactNode;
  /** Answered questions like the words typed in the search box (they open at linkTo). */
  useSimilar?: UseSimilarQuestions;
}

/** Every dashboard's filter, cancer type and search controls over the paginated question list. */
export function QuestionBrowser({ params, list, emptyText, linkTo, showNeedsExpertBadge, offerScope, renderActions, useSimilar }: QuestionBrowserProps) {
  return (
    <>
      <QuestionListControls
        filter={params.filter}
        cancerType={params.cancerType}
        q={params.q}
        onFilterChange={params.setFilter}
        scope={params.scope}
        onScopeChange={offerScope ? params.setScope : undefined}
        onCancerTypeChange={params.setCancerType}
        onSearch={params.setSearch}
        useSimilar={useSimilar}
        similarHref={linkTo}
      />
      <h2>
        <VisuallyHidden>{QaUiTexts.questionListHeading}</VisuallyHidden>
      </h2>
      <QuestionList
        items={list.data?.items}
        isLoading={list.isLoading}
        isFetching={list.isFetching}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        page={params.page}
        perPage={QUESTIONS_PER_PAGE}
        onPageChange={params.setPage}
        emptyText={emptyText}
        linkTo={linkTo}
        showNeedsExpertBadge={showNeedsExpertBadge}
        renderActions={renderActions}
      />
    </>
  );
}
