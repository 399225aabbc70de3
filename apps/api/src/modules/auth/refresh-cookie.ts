import { BadRequestException } from '@nestjs/common';
import { AuthTexts, REFRESH_COOKIE, SIGNED_IN_HINT_COOKIE } from '@cqa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config';

/**
 * Secure always, except outside production on plain http (http://localhost during development and tests), where a
 * browser would drop a Secure cookie. request.protocol honours TRUST_PROXY for TLS ended at a proxy. The refresh cookie
 * itself is always Secure: its `__Host-` prefix requires it, and browsers accept it on http://localhost.
 */
export function secure(config: AppConfig, request: FastifyRequest): boolean {
  return config.isProduction || request.protocol !== 'http';
}

/** A request carrying two refresh cookies: one was planted (issue 42, F-39), so neither is used. */
export class TwoRefreshCookies extends BadRequestException {
  constructor() {
    super(AuthTexts.twoSessionCookies);
  }
}

/** How often a cookie of this name appears in a Cookie header (the parsed cookies keep only one of them). */
function occurrences(cookieHeader: string, name: string): number {
  let count = 0;
  for (const pair of cookieHeader.split(';')) {
    const equals = pair.indexOf('=');
    if (equals > 0 && pair.slice(0, equals).trim() === name) count++;
  }
  return count;
}

/** The refresh token, or undefined for none. Throws TwoRefreshCookies when the request carries it twice. */
export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string' || header.length === 0) return undefined;
  if (occurrences(header, REFRESH_COOKIE.name) > 1) throw new TwoRefreshCookies();
  return request.cookies?.[REFRESH_COOKIE.name] || undefined;
}

const refreshCookieOptions = { httpOnly: true, secure: true, sameSite: 'strict', path: REFRESH_COOKIE.path } as const;
const hintCookieOptions = (request: FastifyRequest, config: AppConfig) =>
  ({ httpOnly: true, secure: secure(config, request), sameSite: 'strict', path: SIGNED_IN_HINT_COOKIE.path }) as const;

export function setRefreshCookie(reply: FastifyReply, request: FastifyRequest, config: AppConfig, token: string, expires: Date): void {
  void reply.setCookie(REFRESH_COOKIE.name, token, { ...refreshCookieOptions, expires });
  void reply.setCookie(SIGNED_IN_HINT_COOKIE.name, '1', { ...hintCookieOptions(request, config), expires });
  clearLegacyRefreshCookies(reply, request, config);
}

/** Earlier releases' names: never read, so only cleared. */
function clearLegacyRefreshCookies(reply: FastifyReply, request: FastifyRequest, config: AppConfig): void {
  for (const legacy of REFRESH_COOKIE.legacy) {
    void reply.clearCookie(legacy.name, { httpOnly: true, secure: secure(config, request), sameSite: 'strict', path: legacy.path });
  }
}

export function clearRefreshCookie(reply: FastifyReply, request: FastifyRequest, config: AppConfig): void {
  void reply.clearCookie(REFRESH_COOKIE.name, refreshCookieOptions);
  void reply.clearCookie(SIGNED_IN_HINT_COOKIE.name, hintCookieOptions(request, config));
  clearLegacyRefreshCookies(reply, request, config);
}
