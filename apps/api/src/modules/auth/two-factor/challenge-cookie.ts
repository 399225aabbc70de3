import { AUTH_FORM_ROUTES, TWO_FACTOR_CHALLENGE_TTL_SECONDS } from '@cqa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../../config/app-config';
import { secure } from '../refresh-cookie';

/**
 * The challenge of a sign-in that still needs its second factor, when it cannot go in a JSON body: after an institution
 * sign-in (a browser redirect) or the login form posted without script (a 303). It must not go in the URL: it rides in
 * this httpOnly cookie, sent only to the two-factor routes (which read it when the body names no challenge) and to the
 * two-factor form (AUTH_FORM_ROUTES.twoFactor): one cookie per path, so neither is sent anywhere else.
 */
const CHALLENGE_COOKIE = { name: 'cqa_2fa', paths: ['/api/auth/two-factor', AUTH_FORM_ROUTES.twoFactor] } as const;

export function setChallengeCookie(reply: FastifyReply, request: FastifyRequest, config: AppConfig, challenge: string): void {
  for (const path of CHALLENGE_COOKIE.paths) {
    void reply.setCookie(CHALLENGE_COOKIE.name, challenge, {
      httpOnly: true, secure: secure(config, request), sameSite: 'strict', path, maxAge: TWO_FACTOR_CHALLENGE_TTL_SECONDS,
    });
  }
}

export function readChallengeCookie(request: FastifyRequest): string | undefined {
  return request.cookies?.[CHALLENGE_COOKIE.name] || undefined;
}

export function clearChallengeCookie(reply: FastifyReply, request: FastifyRequest, config: AppConfig): void {
  for (const path of CHALLENGE_COOKIE.paths) {
    void reply.clearCookie(CHALLENGE_COOKIE.name, { httpOnly: true, secure: secure(config, request), sameSite: 'strict', path });
  }
}
