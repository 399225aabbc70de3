import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { questionListParamsOf, questionListQuery, questionListQueryOf, type QuestionFilter, type QuestionListQuery, type QuestionScope } from '@cqa/contracts';

export interface QuestionListParams {
  filter: QuestionFilter;
  scope: QuestionScope;
  cancerType: string;
  q: string;
  page: number;
}

/** The list query a dashboard asks for at this URL query (the page server loads the same one: contracts' server-pages.ts). */
export { questionListQueryOf };

/**
 * The dashboard's filter, scope (the patient's Mine / All), cancer type, search and page live in the URL query, so
 * back/forward, reload and shared links keep them. Changing a filter or the search goes back to page 1.
 */
export function useQuestionListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { filter, scope, cancerType, q, page } = questionListParamsOf(searchParams);

  const update = useCallback(
    (changes: Partial<QuestionListParams>) => {
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        const put = (key: string, value: string | undefined, fallback: string) => {
          if (value === undefined) return;
          if (value === fallback || value === '') next.delete(key);
          else next.set(key, value);
        };
        put('filter', changes.filter, 'all');
        put('scope', changes.scope, 'all');
        put('cancer_type', changes.cancerType, '');
        put('q', changes.q?.trim(), '');
        if (changes.page !== undefined) put('page', String(changes.page), '1');
        else next.delete('page');
        return next;
      });
    },
    [setSearchParams],
  );

  const query: QuestionListQuery = useMemo(() => questionListQuery({ filter, scope, cancerType, q, page }), [filter, scope, cancerType, q, page]);

  return {
    filter,
    scope,
    cancerType,
    q,
    page,
    query,
    setFilter: useCallback((value: QuestionFilter) => update({ filter: value }), [update]),
    setScope: useCallback((value: QuestionScope) => update({ scope: value }), [update]),
    setCancerType: useCallback((value: string) => update({ cancerType: value }), [update]),
    setSearch: useCallback((value: string) => update({ q: value }), [update]),
    setPage: useCallback((value: number) => update({ page: value }), [update]),
  };
}
