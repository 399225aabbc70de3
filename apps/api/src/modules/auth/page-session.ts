import { HttpException, HttpStatus } from '@nestjs/common';
import type { SessionResponse } from '@cqa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientInfoOf } from '../../common/access/client-info';
import type { AppConfig } from '../../config/app-config';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import type { SessionService } from './session.service';

/**
 * A page request's session: what POST /api/auth/refresh would have answered; `forbidden` when the account may no
 * longer hold one (the app tells the user, as after a refused refresh); null for no session (or none now: a 503).
 */
export type PageSessionRestore = (request: FastifyRequest, reply: FastifyReply) => Promise<SessionResponse | 'forbidden' | null>;

/**
 * The page server's session restore (apps/api/src/web/page-server.ts): exactly POST /api/auth/refresh for a page
 * request that carries the refresh cookie. The token rotates through the same SessionService.refresh (its reuse
 * detection and grace window included) and the new cookie goes out on the page; a refused session loses its cookies
 * (the page then shows the landing, as after a refused refresh); a passing fault (503) keeps them for the app to retry.
 * A page reached from another site carries no cookie (SameSite=Strict), so it cannot rotate anything.
 */
export function pageSessionRestorer(sessions: SessionService, config: AppConfig): PageSessionRestore {
  return async (request, reply) => {
    const token = readRefreshCookie(request);
    if (!token) return null;
    try {
      const session = await sessions.refresh(token, clientInfoOf(request));
      setRefreshCookie(reply, request, config, session.refreshToken, session.refreshExpiresAt);
      return session.body;
    } catch (error) {
      if (error instanceof HttpException && [HttpStatus.UNAUTHORIZED, HttpStatus.FORBIDDEN].includes(error.getStatus())) {
        clearRefreshCookie(reply, request, config);
        if (error.getStatus() === HttpStatus.FORBIDDEN) return 'forbidden';
      }
      return null;
    }
  };
}
