import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QUESTION_FILTERS, QUESTIONS_PER_PAGE, type QuestionFilter, type QuestionListQuery } from '@cqa/contracts';

export interface QuestionListParams {
  filter: QuestionFilter;
  cancerType: string;
  q: string;
  page: number;
}

const isFilter = (value: string | null): value is QuestionFilter => QUESTION_FILTERS.includes(value as QuestionFilter);

/**
 * The dashboard's filter, cancer type, search and page live in the URL query (?filter=&cancer_type=&q=&page=), so
 * back/forward, reload and shared links keep them. Changing a filter or the search goes back to page 1.
 */
function listParamsOf(searchParams: URLSearchParams) {
  const rawFilter = searchParams.get('filter');
  const filter: QuestionFilter = isFilter(rawFilter) ? rawFilter : 'all';
  const cancerType = searchParams.get('cancer_type') ?? '';
  const q = searchParams.get('q') ?? '';
  const parsedPage = Number.parseInt(searchParams.get('page') ?? '1', 10);
  const page = Number.isFinite(parsedPage) && parsedPage > 0 ? parsedPage : 1;
  return { filter, cancerType, q, page };
}

const listQuery = ({ filter, cancerType, q, page }: ReturnType<typeof listParamsOf>): QuestionListQuery => ({
  filter,
  cancer_type: cancerType || undefined,
  q: q || undefined,
  page,
  per_page: QUESTIONS_PER_PAGE,
});

/** The list query a dashboard asks for at this URL query (the page server loads it before rendering the page). */
export const questionListQueryOf = (searchParams: URLSearchParams): QuestionListQuery => listQuery(listParamsOf(searchParams));

export function useQuestionListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { filter, cancerType, q, page } = listParamsOf(searchParams);

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
        put('cancer_type', changes.cancerType, '');
        put('q', changes.q?.trim(), '');
        if (changes.page !== undefined) put('page', String(changes.page), '1');
        else next.delete('page');
        return next;
      });
    },
    [setSearchParams],
  );

  const query: QuestionListQuery = useMemo(() => listQuery({ filter, cancerType, q, page }), [filter, cancerType, q, page]);

  return {
    filter,
    cancerType,
    q,
    page,
    query,
    setFilter: useCallback((value: QuestionFilter) => update({ filter: value }), [update]),
    setCancerType: useCallback((value: string) => update({ cancerType: value }), [update]),
    setSearch: useCallback((value: string) => update({ q: value }), [update]),
    setPage: useCallback((value: number) => update({ page: value }), [update]),
  };
}
