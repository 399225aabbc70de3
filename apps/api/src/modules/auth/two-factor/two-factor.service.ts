import {
  BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Role, TwoFactorSetupResponse, TwoFactorStatusResponse, TwoFactorTexts } from '@cqa/contracts';
import { toDataURL } from 'qrcode';
import { IsNull, Not, Repository } from 'typeorm';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import type { ClientInfo } from '../../../common/access/client-info';
import { AuthLogService } from '../auth-log.service';
import { OwnerCheck } from '../owner-check';
import { SessionService } from '../session.service';
import { userAccountKey } from '../account-key';
import { passwordGate } from '../password-gate';
import { UserEntity } from '../entities/user.entity';
import { RecoveryCodeEntity, TwoFactorEntity } from './entities/two-factor.entity';
import { newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes';
import { openSecret, sealSecret } from './secret-box';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from './totp';
import { TwoFactorChallenges } from './two-factor-challenges.service';

export const TOTP_ISSUER = 'Cancer Q&A';

/**
 * argon2id as for passwords, at OWASP's minimum cost (19 MiB, 2 passes): a recovery code holds about 50 random bits, so
 * the password cost (64 MiB, 3 passes, ~2 s each on a busy machine) would only make enrolment slow, ten hashes at once.
 */
const RECOVERY_CODE_HASH = { type: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** An account's authenticator: setup, confirmation, codes, recovery codes, turning off and admin reset. */
@Injectable()
export class TwoFactorService {
  private readonly logger = new Logger('TwoFactor');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(TwoFactorEntity) private readonly rows: Repository<TwoFactorEntity>,
    @InjectRepository(RecoveryCodeEntity) private readonly recoveryCodes: Repository<RecoveryCodeEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly authLog: AuthLogService,
    private readonly sessions: SessionService,
    private readonly challenges: TwoFactorChallenges,
    private readonly owner: OwnerCheck,
  ) {}

  /** The owner, not just a holder of the access token: the password again (OwnerCheck), before any change of the second factor. */
  async requireOwner(userId: string, password: string, client: ClientInfo): Promise<void> {
    await this.owner.require(userId, password, client, { event: 'two_factor_failed', message: TwoFactorTexts.wrongPassword });
  }

  isRequired(role: Role): boolean {
    if (role === 'admin') return this.config.twoFactor.requiredForAdmins;
    return role === 'expert' && this.config.twoFactor.requiredForExperts;
  }

  async isEnabled(userId: string): Promise<boolean> {
    return this.rows.exists({ where: { userId, enabledAt: Not(IsNull()) } });
  }

  async status(user: { id: string; role: Role }): Promise<TwoFactorStatusResponse> {
    const enabled = await this.isEnabled(user.id);
    const recoveryCodesLeft = enabled ? await this.recoveryCodes.countBy({ userId: user.id, usedAt: IsNull() }) : 0;
    return { enabled, required: this.isRequired(user.role), recoveryCodesLeft };
  }

  /** A new secret waiting for its first code; replaces an unconfirmed one. */
  async beginSetup(userId: string): Promise<TwoFactorSetupResponse> {
    if (await this.isEnabled(userId)) throw new ConflictException(TwoFactorTexts.alreadyEnabled);
    const user = await this.users.findOneByOrFail({ id: userId });
    const secret = newTotpSecret();
    await this.rows.upsert({ userId, secretSealed: sealSecret(secret, this.config.twoFactor.encryptionKey, userId), enabledAt: null, lastUsedStep: null }, ['userId']);
    const otpauthUrl = otpauthUri(TOTP_ISSUER, user.email, secret);
    return { secret: base32Encode(secret), otpauthUrl, qrCodeDataUrl: await toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) };
  }

  /**
   * The first code proves the app holds the secret: two-factor is on, and ten recovery codes are made (shown once). The
   * account's other sessions end (`keepSession`: the caller's own, kept; null at sign-in, where none is open yet).
   */
  async confirmSetup(userId: string, code: string, client: ClientInfo, keepSession: string | null): Promise<string[]> {
    const row = await this.rows.findOne({ where: { userId }, select: { userId: true, secretSealed: true, enabledAt: true, lastUsedStep: true } });
    if (!row || row.enabledAt) throw new BadRequestException(row ? TwoFactorTexts.alreadyEnabled : TwoFactorTexts.setupFirst);
    const step = matchTotp(this.secretOf(row), code.trim(), Date.now(), null);
    if (step === null) throw new BadRequestException(TwoFactorTexts.invalidCode);
    const claimed = await this.rows.update({ userId, enabledAt: IsNull() }, { enabledAt: new Date(), lastUsedStep: step });
    if (!claimed.affected) throw new BadRequestException(TwoFactorTexts.alreadyEnabled);
    const codes = await this.replaceRecoveryCodes(userId, client);
    await this.authLog.record('two_factor_enabled', userId, client);
    await this.sessions.endOtherSessions(userId, keepSession);
    return codes;
  }

  /** A current code of an enabled authenticator; each time step is accepted once (the update is the lock). */
  async verifyCode(userId: string, code: string): Promise<boolean> {
    const row = await this.rows.findOne({ where: { userId }, select: { userId: true, secretSealed: true, enabledAt: true, lastUsedStep: true } });
    if (!row?.enabledAt) return false;
    const step = matchTotp(this.secretOf(row), code.trim(), Date.now(), row.lastUsedStep);
    if (step === null) return false;
    const lastUsed = row.lastUsedStep === null ? IsNull() : row.lastUsedStep;
    const claimed = await this.rows.update({ userId, lastUsedStep: lastUsed }, { lastUsedStep: step });
    return (claimed.affected ?? 0) > 0;
  }

  /** Spends one unused recovery code; false when none matches. */
  async useRecoveryCode(userId: string, input: string, client: ClientInfo): Promise<boolean> {
    const code = normalizeRecoveryCode(input);
    if (!code || !(await this.isEnabled(userId))) return false;
    const unused = await this.recoveryCodes.find({ where: { userId, usedAt: IsNull() }, select: { id: true, codeHash: true } });
    for (const row of unused) {
      if (await passwordGate.verify({ ip: client.ip, account: userAccountKey(userId) }, row.codeHash, code)) {
        const claimed = await this.recoveryCodes.update({ id: row.id, usedAt: IsNull() }, { usedAt: new Date() });
        return (claimed.affected ?? 0) > 0;
      }
    }
    return false;
  }

  /**
   * Turning off needs the password (counted like a sign-in: requireOwner) and a current code, whose wrong guesses count
   * with the second sign-in step's (per account and per client address: TwoFactorChallenges.reserveCode); an account
   * out of them answers 429 whatever the password. Admins keep it while it is required (experts too, by default). The
   * account's other sessions end; the caller's (`keepSession`) stays.
   */
  async disable(user: { id: string; role: Role }, password: string, code: string, client: ClientInfo, keepSession: string | null): Promise<void> {
    if (this.isRequired(user.role)) throw new ForbiddenException(user.role === 'admin' ? TwoFactorTexts.requiredForAdmins : TwoFactorTexts.requiredForExperts);
    if (!(await this.isEnabled(user.id))) throw new BadRequestException(TwoFactorTexts.notEnabled);
    await this.challenges.refuseLockedCodes(user.id);
    await this.requireOwner(user.id, password, client);
    const attempt = await this.challenges.reserveCode(user.id, client.ip);
    let matches: boolean;
    try {
      matches = await this.verifyCode(user.id, code);
    } catch (error) {
      await this.challenges.releaseCode(attempt).catch(() => undefined);
      throw error;
    }
    if (!matches) {
      await this.authLog.record('two_factor_failed', user.id, client);
      throw new BadRequestException(TwoFactorTexts.invalidCode);
    }
    await this.challenges.releaseCode(attempt);
    await this.remove(user.id);
    await this.authLog.record('two_factor_disabled', user.id, client);
    await this.sessions.endOtherSessions(user.id, keepSession);
  }

  /**
   * A current code before a change as grave as deleting the account, when the account has an authenticator (none: nothing
   * asked). Wrong guesses count with the sign-in step's, per account and per client address, as when turning it off.
   */
  async requireCodeIfEnabled(userId: string, code: string | undefined, client: ClientInfo, texts: { required: string; wrong: string }): Promise<void> {
    if (!(await this.isEnabled(userId))) return;
    if (!code?.trim()) throw new BadRequestException(texts.required);
    await this.challenges.refuseLockedCodes(userId);
    const attempt = await this.challenges.reserveCode(userId, client.ip);
    let matches: boolean;
    try {
      matches = await this.verifyCode(userId, code);
    } catch (error) {
      await this.challenges.releaseCode(attempt).catch(() => undefined);
      throw error;
    }
    if (!matches) {
      await this.authLog.record('two_factor_failed', userId, client);
      throw new BadRequestException(texts.wrong);
    }
    await this.challenges.releaseCode(attempt);
  }

  /**
   * An admin clears another account's authenticator (a lost phone); recorded in the auth log of that account, whose
   * sessions all end (whoever holds the lost phone may hold one). An admin resetting their own keeps `adminSession`.
   */
  async reset(targetId: string, adminId: string, client: ClientInfo, adminSession: string | null): Promise<void> {
    if (!(await this.users.existsBy({ id: targetId }))) throw new NotFoundException('User not found');
    await this.remove(targetId);
    await this.authLog.record('two_factor_reset', targetId, client);
    await this.sessions.endOtherSessions(targetId, targetId === adminId ? adminSession : null);
    this.logger.log(`Admin ${adminId} reset the two-factor sign-in of user ${targetId}`);
  }

  private async remove(userId: string): Promise<void> {
    await this.recoveryCodes.delete({ userId });
    await this.rows.delete({ userId });
  }

  private async replaceRecoveryCodes(userId: string, client: ClientInfo): Promise<string[]> {
    const codes = newRecoveryCodes();
    // One account's hashes take their turns in the gate one after another.
    const caller = { ip: client.ip, account: userAccountKey(userId) };
    const hashes = await Promise.all(codes.map((code) => passwordGate.hash(caller, code, RECOVERY_CODE_HASH)));
    await this.recoveryCodes.delete({ userId });
    await this.recoveryCodes.insert(hashes.map((codeHash) => ({ userId, codeHash })));
    return codes;
  }

  private secretOf(row: TwoFactorEntity): Buffer {
    return openSecret(row.secretSealed, this.config.twoFactor.encryptionKey, row.userId);
  }
}
