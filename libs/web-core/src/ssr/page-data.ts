import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { LoadedPageQuery } from '@cqa/contracts';
import { aiApi } from '../api/ai-api';
import { questionsApi } from '../api/questions-api';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an endpoint's upsertQueryData thunk, whatever its state type
export type PageDataAction = ThunkAction<unknown, any, unknown, UnknownAction>;

/**
 * A server-rendered page's first data (contracts' SERVER_PAGES, loaded by the API) put in the store as the page's own
 * queries would have put it: the same endpoint and argument, so the same cache entry, which the page reads on the
 * server and again when the browser hydrates it.
 */
export function pageDataActions(data: readonly LoadedPageQuery[]): PageDataAction[] {
  return data.map((query) => {
    switch (query.endpoint) {
      case 'questions':
        return questionsApi.util.upsertQueryData('questions', query.arg, query.data);
      case 'question':
        return questionsApi.util.upsertQueryData('question', query.arg, query.data);
      case 'dashboardStats':
        return questionsApi.util.upsertQueryData('dashboardStats', query.arg, query.data);
      case 'aiSettings':
        return aiApi.util.upsertQueryData('aiSettings', undefined, query.data);
      case 'aiRun':
        return aiApi.util.upsertQueryData('aiRun', query.arg, query.data);
    }
  });
}
