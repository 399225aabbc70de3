import type { FastifyRequest } from 'fastify';

const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

/**
 * The path a request target is routed by: the router percent-decodes it ('/%61pi/auth' is /api/auth), takes the path of an
 * absolute-form target ('http://host/api/auth/login') and stops at '?' or '#'. Guards that decide by path must read this,
 * never the raw URL. Null when it cannot be decoded: a guard treats that as a path it must refuse or protect.
 * Decoding %2F too is deliberate: it can only make a guard match more, never less, than the router.
 */
export function decodedPath(target: string): string | null {
  let path = target;
  if (!path.startsWith('/')) {
    const authority = ABSOLUTE_FORM.exec(path);
    if (!authority) return null;
    path = `/${path.slice(authority[0].length).replace(/^\//, '')}`;
  }
  const end = path.search(/[?#]/);
  if (end !== -1) path = path.slice(0, end);
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** The routed path of a request (see decodedPath); also for a 404, which has no route pattern. */
export const requestPath = (request: Pick<FastifyRequest, 'url'>): string | null => decodedPath(request.url);
