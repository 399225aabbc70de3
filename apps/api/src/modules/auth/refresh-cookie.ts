import { REFRESH_COOKIE, SIGNED_IN_HINT_COOKIE } from '@cqa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config';

/**
 * Secure always, except outside production on plain http (http://localhost during development and tests),
 * where a browser would drop a Secure cookie. request.protocol honours TRUST_PROXY for TLS ended at a proxy.
 */
export function secure(config: AppConfig, request: FastifyRequest): boolean {
  return config.isProduction || request.protocol !== 'http';
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies?.[REFRESH_COOKIE.name] || undefined;
}

/** The session's cookies: the refresh token and the page server's signed-in hint, set and cleared together. */
const sessionCookieOptions = (request: FastifyRequest, config: AppConfig, path: string) =>
  ({ httpOnly: true, secure: secure(config, request), sameSite: 'strict', path }) as const;

export function setRefreshCookie(reply: FastifyReply, request: FastifyRequest, config: AppConfig, token: string, expires: Date): void {
  void reply.setCookie(REFRESH_COOKIE.name, token, { ...sessionCookieOptions(request, config, REFRESH_COOKIE.path), expires });
  void reply.setCookie(SIGNED_IN_HINT_COOKIE.name, '1', { ...sessionCookieOptions(request, config, SIGNED_IN_HINT_COOKIE.path), expires });
  clearLegacyRefreshCookie(reply, request, config);
}

/** An earlier release's copy at /api/auth: sent before the '/' one to the auth routes, and already rotated. */
function clearLegacyRefreshCookie(reply: FastifyReply, request: FastifyRequest, config: AppConfig): void {
  void reply.clearCookie(REFRESH_COOKIE.name, sessionCookieOptions(request, config, REFRESH_COOKIE.legacyPath));
}

export function clearRefreshCookie(reply: FastifyReply, request: FastifyRequest, config: AppConfig): void {
  void reply.clearCookie(REFRESH_COOKIE.name, sessionCookieOptions(request, config, REFRESH_COOKIE.path));
  void reply.clearCookie(SIGNED_IN_HINT_COOKIE.name, sessionCookieOptions(request, config, SIGNED_IN_HINT_COOKIE.path));
  clearLegacyRefreshCookie(reply, request, config);
}
