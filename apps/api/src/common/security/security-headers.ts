import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export async function registerSecurityHeaders(fastify: FastifyInstance, isProduction: boolean): Promise<void> {
  await fastify.register(helmet, {
    contentSecurityPolicy: {
      directives: { ...CONTENT_SECURITY_POLICY, ...(isProduction ? {} : { upgradeInsecureRequests: null }) },
    },
    // HSTS only where TLS terminates in front of us in production.
    strictTransportSecurity: isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
}
