import { TWO_FACTOR_CHALLENGE_TTL_SECONDS } from '@cqa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../../config/app-config';
import { secure } from '../refresh-cookie';

/**
 * The challenge of an institution sign-in that still needs its second factor. The callback is a browser redirect, so
 * the challenge cannot go in a JSON body, and it must not go in the URL: it rides in this httpOnly cookie, sent only to
 * the two-factor routes, which read it when the body names no challenge.
 */
const CHALLENGE_COOKIE = { name: 'cqa_2fa', path: '/api/auth/two-factor' } as const;

export function setChallengeCookie(reply: FastifyReply, request: FastifyRequest, config: AppConfig, challenge: string): void {
  void reply.setCookie(CHALLENGE_COOKIE.name, challenge, {
    httpOnly: true, secure: secure(config, request), sameSite: 'strict', path: CHALLENGE_COOKIE.path, maxAge: TWO_FACTOR_CHALLENGE_TTL_SECONDS,
  });
}

export function readChallengeCookie(request: FastifyRequest): string | undefined {
  return request.cookies?.[CHALLENGE_COOKIE.name] || undefined;
}

export function clearChallengeCookie(reply: FastifyReply, request: FastifyRequest, config: AppConfig): void {
  void reply.clearCookie(CHALLENGE_COOKIE.name, { httpOnly: true, secure: secure(config, request), sameSite: 'strict', path: CHALLENGE_COOKIE.path });
}
