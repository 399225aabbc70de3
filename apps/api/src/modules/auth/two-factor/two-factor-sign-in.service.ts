import { BadRequestException, Injectable, UnauthorizedException } from '@nestjs/common';
import { TWO_FACTOR_CHALLENGE_TTL_SECONDS, TwoFactorChallengeResponse, TwoFactorSetupResponse, TwoFactorTexts } from '@cqa/contracts';
import type { ClientInfo } from '../../../common/access/client-info';
import { AuthLogService } from '../auth-log.service';
import type { UserEntity } from '../entities/user.entity';
import { IssuedSession, SessionService } from '../session.service';
import { TwoFactorChallenges } from './two-factor-challenges.service';
import { TwoFactorService } from './two-factor.service';

/** The second sign-in step: after the password, a challenge; after a code (or enrolment), the session. */
@Injectable()
export class TwoFactorSignIn {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly challenges: TwoFactorChallenges,
    private readonly sessions: SessionService,
    private readonly authLog: AuthLogService,
  ) {}

  /**
   * The one hook in the login flow, between the verified password and the tokens: a challenge instead of a session
   * when the account has a second factor, or must have one (an admin is then sent to enrolment); null otherwise.
   */
  async challengeIfNeeded(account: Pick<UserEntity, 'id' | 'role'>): Promise<TwoFactorChallengeResponse | null> {
    const enabled = await this.twoFactor.isEnabled(account.id);
    if (!enabled && !this.twoFactor.isRequired(account.role)) return null;
    const challenge = await this.challenges.create({ userId: account.id, enrolment: !enabled });
    return { twoFactorRequired: true, challenge, enrolmentRequired: !enabled, expiresIn: TWO_FACTOR_CHALLENGE_TTL_SECONDS };
  }

  async verify(token: string, answer: { code?: string; recoveryCode?: string }, client: ClientInfo): Promise<IssuedSession> {
    const state = await this.challenges.read(token);
    if (state.enrolment) throw new UnauthorizedException(TwoFactorTexts.challengeExpired);
    await this.challenges.assertNotLocked(state.userId);
    const ok = answer.code
      ? await this.twoFactor.verifyCode(state.userId, answer.code)
      : await this.twoFactor.useRecoveryCode(state.userId, answer.recoveryCode ?? '');
    if (!ok) {
      await this.authLog.record('two_factor_failed', state.userId, client);
      return this.challenges.recordFailure(token, state.userId);
    }
    await this.challenges.consume(token);
    await this.challenges.clearFailures(state.userId);
    return this.sessions.completeLogin(state.userId, client);
  }

  async enrolSetup(token: string): Promise<TwoFactorSetupResponse> {
    const state = await this.enrolmentState(token);
    return this.twoFactor.beginSetup(state.userId);
  }

  async enrolConfirm(token: string, code: string, client: ClientInfo): Promise<{ session: IssuedSession; recoveryCodes: string[] }> {
    const state = await this.enrolmentState(token);
    await this.challenges.assertNotLocked(state.userId);
    let recoveryCodes: string[];
    try {
      recoveryCodes = await this.twoFactor.confirmSetup(state.userId, code, client);
    } catch (error) {
      if (error instanceof BadRequestException && error.message === TwoFactorTexts.invalidCode) {
        return this.challenges.recordFailure(token, state.userId);
      }
      throw error;
    }
    await this.challenges.consume(token);
    return { session: await this.sessions.completeLogin(state.userId, client), recoveryCodes };
  }

  private async enrolmentState(token: string) {
    const state = await this.challenges.read(token);
    if (!state.enrolment) throw new UnauthorizedException(TwoFactorTexts.challengeExpired);
    return state;
  }
}
