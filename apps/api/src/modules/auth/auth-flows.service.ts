import { Inject, Injectable } from '@nestjs/common';
import type { SessionResponse, TwoFactorChallengeResponse } from '@cqa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientInfo } from '../../common/access/client-info';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { addressKey } from './account-key';
import { AccountsService } from './accounts.service';
import { AuthLogService } from './auth-log.service';
import { AuthThrottle } from './auth-throttle.service';
import type { RegisterDto } from './dto/auth.dto';
import type { UserEntity } from './entities/user.entity';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { SessionService } from './session.service';
import { TwoFactorSignIn } from './two-factor';

/**
 * The auth actions as both ways in run them: the JSON routes (AuthController) and the public pages' forms posted
 * without script (AuthFormController). Each route validates its body and counts its client IP first.
 */
@Injectable()
export class AuthFlows {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionService,
    private readonly throttle: AuthThrottle,
    private readonly authLog: AuthLogService,
    private readonly twoFactor: TwoFactorSignIn,
  ) {}

  async register(body: RegisterDto, client: ClientInfo): Promise<{ userId: string }> {
    // By the address alone: an account it names refuses the registration anyway, and the attempts before and after it
    // was created stay in one count.
    await this.throttle.checkAccount('register', addressKey(body.email));
    return this.accounts.register(body, client);
  }

  async forgotPassword(email: string): Promise<void> {
    await this.throttle.checkAccount('forgot-password', await this.accounts.accountKeyOf(email));
    await this.accounts.forgotPassword(email);
  }

  /** After a verified password: the second factor's challenge, or the session, its cookies set on the reply. */
  async afterPassword(
    user: UserEntity, client: ClientInfo, request: FastifyRequest, reply: FastifyReply,
  ): Promise<SessionResponse | TwoFactorChallengeResponse> {
    const challenge = await this.twoFactor.challengeIfNeeded(user);
    if (challenge) return challenge;
    const session = await this.sessions.startSession(user, client);
    setRefreshCookie(reply, request, this.config, session.refreshToken, session.refreshExpiresAt);
    return session.body;
  }

  /** Ends the refresh cookie's session; the cookies go whatever happens next (even if Redis cannot take the version's bump). */
  async logout(client: ClientInfo, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    clearRefreshCookie(reply, request, this.config);
    // Two refresh cookies (one planted): neither is trusted to name the session to end; both are cleared above.
    const token = (() => { try { return readRefreshCookie(request); } catch { return undefined; } })();
    const userId = await this.sessions.logout(token);
    if (userId) await this.authLog.record('logout', userId, client);
  }
}
