import { HttpException, HttpStatus } from '@nestjs/common';
import type { SessionResponse } from '@cqa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { reserve } from '../../common/throttle/redis-reservation';
import { clientInfoOf } from '../../common/access/client-info';
import type { AppConfig } from '../../config/app-config';
import type { RedisClient } from '../../queues/redis-client.provider';
import { clientOf } from './password-gate';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie, TwoRefreshCookies } from './refresh-cookie';
import type { SessionService } from './session.service';

/**
 * A page request's session: what POST /api/auth/refresh would have answered; `forbidden` when the account may no
 * longer hold one (the app tells the user, as after a refused refresh); null for no session (or none now: a 503, or a
 * page load over its limits, which the app then renews itself).
 */
export type PageSessionRestore = (request: FastifyRequest, reply: FastifyReply) => Promise<SessionResponse | 'forbidden' | null>;

const MINUTE = 60;

/**
 * The page server's session restore (apps/api/src/web/page-server.ts): exactly POST /api/auth/refresh for a page
 * request that carries the refresh cookie. The token rotates through the same SessionService.refresh (its reuse
 * detection and grace window included) and the new cookie goes out on the page; a refused session loses its cookies
 * (the page then shows the landing, as after a refused refresh); a passing fault (503) keeps them for the app to retry.
 * A page reached from another site carries no cookie (SameSite=Strict), so it cannot rotate anything.
 *
 * Restores are counted per address and per session before anything is rotated or rendered (issue 42, F-37: one cookie
 * asked for a hundred pages at once): past either limit the page goes out plain, the session untouched.
 */
export function pageSessionRestorer(sessions: SessionService, config: AppConfig, redisClient: RedisClient): PageSessionRestore {
  const limits = config.pageRendering.restoresPerMinute;
  const withinLimits = async (request: FastifyRequest, token: string): Promise<boolean> => {
    const family = await sessions.familyOfToken(token);
    if (!family) return true; // an unknown token is refused by the refresh itself, at the cost of one lookup
    await redisClient.ready();
    const refused = await reserve(redisClient.redis, [
      { key: `page-restore:ip:${clientOf(request.ip)}`, limit: limits.perIp, windowSeconds: MINUTE },
      { key: `page-restore:session:${family}`, limit: limits.perSession, windowSeconds: MINUTE },
    ]);
    return refused === null;
  };

  return async (request, reply) => {
    try {
      const token = readRefreshCookie(request);
      if (!token) return null;
      if (!(await withinLimits(request, token))) return null;
      const session = await sessions.refresh(token, clientInfoOf(request));
      setRefreshCookie(reply, request, config, session.refreshToken, session.refreshExpiresAt);
      return session.body;
    } catch (error) {
      if (error instanceof TwoRefreshCookies) clearRefreshCookie(reply, request, config);
      if (error instanceof HttpException && [HttpStatus.UNAUTHORIZED, HttpStatus.FORBIDDEN].includes(error.getStatus())) {
        clearRefreshCookie(reply, request, config);
        if (error.getStatus() === HttpStatus.FORBIDDEN) return 'forbidden';
      }
      return null;
    }
  };
}
