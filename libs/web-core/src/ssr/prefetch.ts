import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { AuthUser } from '@cqa/contracts';
import type { AppName, PageKey } from '../routes/route-table';

/** What a page's first data depends on: the route's parameters, the query string and the signed-in user. */
export interface PrefetchContext {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  user: AuthUser;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an endpoint's initiate() thunk, whatever its state type
export type PrefetchAction = ThunkAction<unknown, any, unknown, UnknownAction>;

/**
 * The queries a page shows first, with the arguments its hooks will ask with (the same cache keys): the page server
 * runs them before rendering the page (apps/shell/src/server/render-page.tsx), so the HTML arrives with the data.
 * Exported by each remote's './pages' module beside its pages: the remote owns its pages and what they load.
 */
export type PagesPrefetch<A extends AppName> = Partial<Record<PageKey<A>, (context: PrefetchContext) => PrefetchAction[]>>;
