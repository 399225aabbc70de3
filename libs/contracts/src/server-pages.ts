import type { AiRunResponse, AiSettings } from './ai';
import type { AuthUser } from './auth';
import type { ApiErrorBody } from './errors';
import { questionListQueryOf, type DashboardStats, type QuestionDetail, type QuestionListQuery, type QuestionListResponse } from './questions';
import type { Role } from './roles';

/**
 * A query a server-rendered page shows first: the web's RTK Query endpoint (web-core) with the argument its hook asks
 * with, so the cache entry the page server fills is the one the page reads (and hydration fetches nothing again).
 */
export type PageQuery =
  | { endpoint: 'questions'; arg: QuestionListQuery }
  | { endpoint: 'question'; arg: string }
  | { endpoint: 'dashboardStats'; arg: string | undefined }
  | { endpoint: 'aiSettings'; arg: undefined }
  | { endpoint: 'aiRun'; arg: string };

export type PageQueryEndpoint = PageQuery['endpoint'];

/** What each endpoint answers: the API's response body, as JSON. */
export interface PageQueryResults {
  questions: QuestionListResponse;
  question: QuestionDetail;
  dashboardStats: DashboardStats;
  aiSettings: AiSettings;
  aiRun: AiRunResponse;
}

/** The API's answer: its JSON, or its refusal (status and error body) as the browser would have received it. */
export type PageQueryAnswer<E extends PageQueryEndpoint> = { data: PageQueryResults[E] } | { error: { status: number; data: ApiErrorBody } };

/** A query with the API's answer to it, loaded in-process by the page server. */
export type LoadedPageQuery = { [E in PageQueryEndpoint]: Extract<PageQuery, { endpoint: E }> & PageQueryAnswer<E> }[PageQueryEndpoint];

/** Where a page is: its route's parameters and its query string. */
export interface PageAddress {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/**
 * A signed-in page the page server renders with its first data. `path` and `access` are the web route table's
 * (libs/web-core/src/routes/route-table.ts, checked by its spec); `remote` and `page` name the component (the
 * remote's './pages' entry); `queries` is what it loads first. The API loads each query in-process through the same
 * services and access checks as its controllers (apps/api/src/web/page-data.ts).
 */
export interface ServerPage {
  path: string;
  remote: 'patient' | 'expert' | 'admin';
  page: string;
  access: Role;
  queries: (address: PageAddress) => PageQuery[];
}

const dashboardOf = ({ search }: PageAddress): PageQuery[] => [
  { endpoint: 'questions', arg: questionListQueryOf(search) },
  { endpoint: 'dashboardStats', arg: search.get('cancer_type') || undefined },
];

export const SERVER_PAGES = [
  {
    path: '/patient/questions',
    remote: 'patient',
    page: 'dashboard',
    access: 'patient',
    queries: ({ search }) => [
      { endpoint: 'questions', arg: questionListQueryOf(search) },
      { endpoint: 'aiSettings', arg: undefined },
    ],
  },
  {
    path: '/patient/questions/:id',
    remote: 'patient',
    page: 'questionDetail',
    access: 'patient',
    // A malformed id is the page's own "not found"; nothing to load.
    queries: ({ params }) =>
      /^\d+$/.test(params.id ?? '') ? [{ endpoint: 'question', arg: params.id! }, { endpoint: 'aiRun', arg: params.id! }] : [],
  },
  { path: '/expert/questions', remote: 'expert', page: 'dashboard', access: 'expert', queries: dashboardOf },
  { path: '/admin', remote: 'admin', page: 'dashboard', access: 'admin', queries: dashboardOf },
  { path: '/admin/questions', remote: 'admin', page: 'dashboard', access: 'admin', queries: dashboardOf },
] as const satisfies readonly ServerPage[];

export function serverPageAt(path: string): ServerPage | undefined {
  return SERVER_PAGES.find((page) => page.path === path);
}

// The render protocol between the API's page server (apps/api/src/web/page-renderer.ts) and the web build's renderer
// running in its worker threads (apps/shell/src/server/main.ts).

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The declaration's path (SERVER_PAGES). */
  route: string;
  session: { user: AuthUser; accessToken: string };
  /** The page's first data, as the API answered it for this session (each endpoint once). */
  data: LoadedPageQuery[];
  narrow: boolean;
  /** How long the render may take (ms). */
  timeoutMs: number;
}

export type RenderResult = { rendered: true; html: string; state: string } | { rendered: false; reason: string; error?: true };

/** The page server to a renderer thread: a page to render, or one it gave up on (its render stops). */
export type RenderMessage = { id: number; request: RenderRequest } | { cancel: number };

export type RenderReply = { id: number } & RenderResult;
