import { BadRequestException, Injectable, UnauthorizedException } from '@nestjs/common';
import { TWO_FACTOR_CHALLENGE_TTL_SECONDS, TwoFactorChallengeResponse, TwoFactorSetupResponse, TwoFactorTexts } from '@cqa/contracts';
import type { ClientInfo } from '../../../common/access/client-info';
import { AuthLogService } from '../auth-log.service';
import type { UserEntity } from '../entities/user.entity';
import { IssuedSession, SessionService } from '../session.service';
import { ChallengeAttempt, TwoFactorChallenges } from './two-factor-challenges.service';
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
    const attempt = await this.challenges.reserveAttempt(token, state.userId, client.ip);
    const ok = await this.checked(attempt, () => answer.code
      ? this.twoFactor.verifyCode(state.userId, answer.code)
      : this.twoFactor.useRecoveryCode(state.userId, answer.recoveryCode ?? '', client));
    if (!ok) {
      await this.authLog.record('two_factor_failed', state.userId, client);
      return this.challenges.recordFailure(attempt);
    }
    await this.challenges.releaseAttempt(attempt);
    await this.challenges.consume(token);
    await this.challenges.signedIn(state.userId);
    return this.sessions.completeLogin(state.userId, client);
  }

  async enrolSetup(token: string): Promise<TwoFactorSetupResponse> {
    const state = await this.enrolmentState(token);
    return this.twoFactor.beginSetup(state.userId);
  }

  async enrolConfirm(token: string, code: string, client: ClientInfo): Promise<{ session: IssuedSession; recoveryCodes: string[] }> {
    const state = await this.enrolmentState(token);
    const attempt = await this.challenges.reserveAttempt(token, state.userId, client.ip);
    let recoveryCodes: string[];
    try {
      recoveryCodes = await this.checked(attempt, () => this.twoFactor.confirmSetup(state.userId, code, client, null));
    } catch (error) {
      if (error instanceof BadRequestException && error.message === TwoFactorTexts.invalidCode) {
        return this.challenges.recordFailure(attempt);
      }
      throw error;
    }
    await this.challenges.releaseAttempt(attempt);
    await this.challenges.consume(token);
    await this.challenges.signedIn(state.userId);
    return { session: await this.sessions.completeLogin(state.userId, client), recoveryCodes };
  }

  /** Runs the check of a reserved attempt; when it throws anything but a wrong code, the reservation goes back. */
  private async checked<T>(attempt: ChallengeAttempt, check: () => Promise<T>): Promise<T> {
    try {
      return await check();
    } catch (error) {
      const wrongCode = error instanceof BadRequestException && error.message === TwoFactorTexts.invalidCode;
      if (!wrongCode) await this.challenges.releaseAttempt(attempt).catch(() => undefined);
      throw error;
    }
  }

  private async enrolmentState(token: string) {
    const state = await this.challenges.read(token);
    if (!state.enrolment) throw new UnauthorizedException(TwoFactorTexts.challengeExpired);
    return state;
  }
}
