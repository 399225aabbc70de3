import { ForbiddenException, UnsupportedMediaTypeException } from '@nestjs/common';
import { AUTH_FORM_PREFIX, AuthTexts } from '@cqa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestPath } from '../http/request-path';

type Headers = FastifyRequest['headers'];

/**
 * Whether a browser sent this request from a page of another origin. A request that names its Origin passes only when
 * that is its own origin or an allowed one; without Origin (browsers leave it off same-origin GETs and navigations),
 * Sec-Fetch-Site decides; without either it comes from a non-browser client, which cannot carry a victim's cookies.
 */
export function isCrossSite(headers: Headers, ownOrigin: string, allowedOrigins: readonly string[]): boolean {
  const origin = single(headers.origin);
  if (origin !== undefined) return origin !== ownOrigin && !allowedOrigins.includes(origin);
  const site = single(headers['sec-fetch-site']);
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Whether a form post comes from a page of ours, as the browser tells it. Stricter than isCrossSite: a request that
 * does not say (no Origin, no Sec-Fetch-Site) is refused. Sec-Fetch-Site 'same-origin' passes with an Origin of
 * 'null' too, which browsers send on a form post from a page whose Referrer-Policy is no-referrer (ours); without
 * Sec-Fetch-Site (older browsers) the Origin must be ours or an allowed one.
 */
export function isOwnPageForm(headers: Headers, ownOrigin: string, allowedOrigins: readonly string[]): boolean {
  const origin = single(headers.origin);
  const site = single(headers['sec-fetch-site']);
  const allowed = origin !== undefined && (origin === ownOrigin || allowedOrigins.includes(origin));
  if (site !== undefined) return site === 'same-origin' ? origin === undefined || origin === 'null' || allowed : allowedOrigins.includes(origin ?? '');
  return allowed;
}

export const isAuthFormPath = (path: string | null) => path !== null && path.startsWith(AUTH_FORM_PREFIX);

const isAuthPath = (path: string | null) => path === null || path.startsWith('/api/auth/');

/**
 * Routes that read or set a cookie (the refresh cookie under /api/auth, the job dashboard's pass), less the IdP's redirect
 * back. `path` is the routed path (requestPath); an undecodable one (null) is treated as a cookie route.
 */
export function isCookieRoute(method: string, path: string | null): boolean {
  if (path === null) return true;
  if (method === 'GET' && path === '/api/auth/oidc/callback') return false;
  return path.startsWith('/api/auth/') || path === '/admin/queues' || path.startsWith('/admin/queues/');
}

function withStatus<T extends Error & { getStatus(): number }>(error: T): T {
  // Fastify's own error path reads `statusCode`; the exception filter reads the HttpException.
  return Object.assign(error, { statusCode: error.getStatus() });
}

/**
 * Login CSRF and friends (issue 17.2): cookie routes refuse cross-site requests with 403, and the auth routes take
 * JSON only (415), so an HTML form on another site can neither sign a victim in nor use their session. The public
 * pages' own forms (AUTH_FORM_ROUTES, under /api/auth/form/) are the exception: urlencoded only, and only from a page
 * the browser says is ours (isOwnPageForm). Runs on request, before any body is read.
 */
export function registerCrossSiteGuard(fastify: FastifyInstance, allowedOrigins: readonly string[]): void {
  fastify.addHook('onRequest', async (request) => {
    const path = requestPath(request);
    if (!isCookieRoute(request.method, path)) return;
    const ownOrigin = `${request.protocol}://${request.host}`;
    const type = request.headers['content-type'];
    if (isAuthFormPath(path)) {
      if (!isOwnPageForm(request.headers, ownOrigin, allowedOrigins)) throw withStatus(new ForbiddenException(AuthTexts.crossSiteRefused));
      if (type === undefined || !/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
        throw withStatus(new UnsupportedMediaTypeException(AuthTexts.formOnly));
      }
      return;
    }
    if (isCrossSite(request.headers, ownOrigin, allowedOrigins)) {
      throw withStatus(new ForbiddenException(AuthTexts.crossSiteRefused));
    }
    if (isAuthPath(path) && type !== undefined && !/^application\/json\s*(;|$)/i.test(type)) {
      throw withStatus(new UnsupportedMediaTypeException(AuthTexts.jsonOnly));
    }
  });
}
