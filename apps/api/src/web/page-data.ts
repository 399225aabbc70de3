import { ForbiddenException, HttpException } from '@nestjs/common';
import type { LoadedPageQuery, PageQuery, PageQueryEndpoint, PageQueryResults } from '@cqa/contracts';
import { ACCESS_KEY, type AccessRule } from '../common/access/access.decorator';
import type { AuthenticatedUser } from '../common/access/access.guard';
import { ApiExceptionFilter } from '../common/errors/api-exception.filter';

/**
 * A server-rendered page's first data, as the API answers it to this caller: each query's JSON, or its refusal (a 4xx,
 * with the API's error body); rejects on anything else (a 5xx: the page then goes out as the plain app).
 */
export type LoadPageData = (caller: AuthenticatedUser, queries: readonly PageQuery[]) => Promise<LoadedPageQuery[]>;

/**
 * How the API answers one web endpoint a server-rendered page loads (contracts' PageQuery): by calling its own route
 * handler in-process, with its arguments through the same pipes (validation, record ids). The module that owns the
 * route declares it beside its controller (e.g. questions.page-data.ts).
 */
export interface PageLoader<E extends PageQueryEndpoint> {
  /** The route handler (ControllerClass.prototype.method) whose access rule, its @Roles, applies. */
  handler: object;
  load: (caller: AuthenticatedUser, arg: Extract<PageQuery, { endpoint: E }>['arg']) => Promise<PageQueryResults[E]>;
}

export type PageLoaders = { [E in PageQueryEndpoint]: PageLoader<E> };

/** Whether a handler's access rule lets this role call it (deny by default, as the AccessGuard). */
export function handlerAllows(handler: object, role: AuthenticatedUser['role']): boolean {
  const rule = Reflect.getMetadata(ACCESS_KEY, handler) as AccessRule | undefined;
  return rule?.kind === 'public' || (rule?.kind === 'roles' && rule.roles.includes(role));
}

/**
 * The page server's data: each query answered by its route's handler for this caller, after that route's own role
 * rule, so a page's data goes through the same services and ownership checks (the services scope by the caller) as
 * the browser's request for it would, and comes back as the same JSON.
 */
export function pageDataLoader(loaders: PageLoaders): LoadPageData {
  const errors = new ApiExceptionFilter();
  return (caller, queries) =>
    Promise.all(
      queries.map(async (query) => {
        const loader = loaders[query.endpoint] as PageLoader<PageQueryEndpoint>;
        try {
          if (!handlerAllows(loader.handler, caller.role)) throw new ForbiddenException();
          const answer = await loader.load(caller, query.arg as never);
          // What the browser would have received: the handler's answer as JSON (dates as strings, undefined left out).
          return { ...query, data: JSON.parse(JSON.stringify(answer)) } as LoadedPageQuery;
        } catch (error) {
          if (!(error instanceof HttpException) || error.getStatus() >= 500) throw error;
          return { ...query, error: { status: error.getStatus(), data: errors.toBody(error) } } as LoadedPageQuery;
        }
      }),
    );
}
