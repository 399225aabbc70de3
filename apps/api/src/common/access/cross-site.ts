import { ForbiddenException, UnsupportedMediaTypeException } from '@nestjs/common';
import { AuthTexts } from '@cqa/contracts';
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
 * JSON only (415), so an HTML form on another site can neither sign a victim in nor use their session. Runs on
 * request, before any body is read.
 */
export function registerCrossSiteGuard(fastify: FastifyInstance, allowedOrigins: readonly string[]): void {
  fastify.addHook('onRequest', async (request) => {
    const path = requestPath(request);
    if (!isCookieRoute(request.method, path)) return;
    if (isCrossSite(request.headers, `${request.protocol}://${request.host}`, allowedOrigins)) {
      throw withStatus(new ForbiddenException(AuthTexts.crossSiteRefused));
    }
    const type = request.headers['content-type'];
    if (isAuthPath(path) && type !== undefined && !/^application\/json\s*(;|$)/i.test(type)) {
      throw withStatus(new UnsupportedMediaTypeException(AuthTexts.jsonOnly));
    }
  });
}
