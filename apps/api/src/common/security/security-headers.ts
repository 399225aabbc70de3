import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { requestPath } from '../http/request-path';

/**
 * The CSP the built web app runs under: scripts only from our origin (the shell and remotes are same-origin),
 * inline styles allowed because antd's CSS-in-JS injects <style> tags, nothing framed, no plugins.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The headers on every answer. docker/web.security-headers.conf sends the production set from nginx too, and
 * tools/infra/nginx.spec.ts checks that it equals what this sends.
 */
export async function registerSecurityHeaders(fastify: FastifyInstance, isProduction: boolean): Promise<void> {
  await fastify.register(helmet, {
    contentSecurityPolicy: {
      directives: { ...CONTENT_SECURITY_POLICY, ...(isProduction ? {} : { upgradeInsecureRequests: null }) },
    },
    // HSTS only where TLS terminates in front of us in production.
    strictTransportSecurity: isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // What frame-ancestors 'none' says, for browsers that only read X-Frame-Options.
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/**
 * Nothing under /api may be kept by a browser or a shared cache: nearly every answer carries health or account data, and the
 * few that do not (health, docs) gain nothing from caching. A handler may still set its own stricter value (downloads do).
 */
export const API_CACHE_CONTROL = 'no-store';

export function registerApiNoStore(fastify: FastifyInstance, apiPrefix: string): void {
  const prefix = `/${apiPrefix}/`;
  fastify.addHook('onRequest', async (request, reply) => {
    const path = requestPath(request);
    if (path === null || path.startsWith(prefix) || path === `/${apiPrefix}`) void reply.header('cache-control', API_CACHE_CONTROL);
  });
}
