import type { LoadedPageQuery } from '@cqa/contracts';
import { aiApi } from '../api/ai-api';
import type { StoreExtra } from '../api/base-api';
import { questionsApi } from '../api/questions-api';
import { createAppStore, type AppStore } from '../store/store';

/**
 * A store for rendering a server-rendered page with its first data (contracts' SERVER_PAGES, loaded by the API): its
 * queries answered with the API's answers instead of the network, so each lands in the cache exactly as the browser's
 * request would have put it (fulfilled with the JSON, or rejected with the API's error), under the same endpoint and
 * argument the page's hooks read on the server and again when the browser hydrates.
 */
export async function storeWithPageData(data: readonly LoadedPageQuery[], start: (store: AppStore) => void): Promise<AppStore> {
  const pageAnswers: NonNullable<StoreExtra['pageAnswers']> = {};
  for (const query of data) pageAnswers[query.endpoint] = 'data' in query ? { data: query.data } : { error: query.error };
  const store = createAppStore(undefined, { pageAnswers });
  start(store);
  await Promise.all(data.map((query) => load(store, query)));
  return store;
}

function load(store: AppStore, query: LoadedPageQuery): PromiseLike<unknown> {
  switch (query.endpoint) {
    case 'questions':
      return store.dispatch(questionsApi.endpoints.questions.initiate(query.arg));
    case 'question':
      return store.dispatch(questionsApi.endpoints.question.initiate(query.arg));
    case 'dashboardStats':
      return store.dispatch(questionsApi.endpoints.dashboardStats.initiate(query.arg));
    case 'aiSettings':
      return store.dispatch(aiApi.endpoints.aiSettings.initiate());
    case 'aiRun':
      return store.dispatch(aiApi.endpoints.aiRun.initiate(query.arg));
  }
}
