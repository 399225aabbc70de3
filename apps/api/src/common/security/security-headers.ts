import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
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

/** What @fastify/helmet is given: the CSP above, HSTS in production only, and the rest of helmet's defaults. */
function helmetOptions(isProduction: boolean) {
  return {
    contentSecurityPolicy: {
      directives: { ...CONTENT_SECURITY_POLICY, ...(isProduction ? {} : { upgradeInsecureRequests: null }) },
    },
    // HSTS only where TLS terminates in front of us in production.
    strictTransportSecurity: isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // What frame-ancestors 'none' says, for browsers that only read X-Frame-Options.
    frameguard: { action: 'deny' as const },
    referrerPolicy: { policy: 'no-referrer' as const },
  };
}

/**
 * The headers helmet sends with these options, taken once from an answer of a throwaway server: they depend on nothing
 * in the request. @fastify/helmet itself builds helmet anew on every request (two hooks, the CSP parsed each time).
 */
export async function securityHeaders(isProduction: boolean): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, helmetOptions(isProduction));
    probe.get('/', (_request, reply) => reply.send(''));
    const bare = Fastify({ logger: false });
    bare.get('/', (_request, reply) => reply.send(''));
    const [withHelmet, without] = await Promise.all([probe.inject('/'), bare.inject('/')]);
    await bare.close();
    return Object.fromEntries(Object.entries(withHelmet.headers).filter(([name]) => !(name in without.headers)).map(([name, value]) => [name, String(value)]));
  } finally {
    await probe.close();
  }
}

/**
 * The headers on every answer. docker/web.security-headers.conf sends the production set from nginx too, and
 * tools/infra/nginx.spec.ts checks that it equals what this sends.
 */
export async function registerSecurityHeaders(fastify: FastifyInstance, isProduction: boolean): Promise<void> {
  const headers = await securityHeaders(isProduction);
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
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
