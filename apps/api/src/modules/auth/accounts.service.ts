import { BadRequestException, BeforeApplicationShutdown, ConflictException, ForbiddenException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  ApprovalStatus, AuthTexts, Messages, PASSWORD_RESET_TTL_MINUTES, Role, VERIFICATION_TTL_HOURS,
} from '@cqa/contracts';
import { GateCaller, passwordGate } from './password-gate';
import { AccountKey, accountKeyOf, addressKey, userAccountKey } from './account-key';
import { DataSource, EntityManager, IsNull, Repository } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { adminRegistrationMail, passwordResetMail, verificationMail } from '../mail/mail-templates';
import { MailOutbox } from '../mail/mail-outbox.service';
import { PatientAccess } from '../profiles/patient-access.service';
import { UserEntity } from './entities/user.entity';
import { AuthLogService } from './auth-log.service';
import type { ClientInfo } from '../../common/access/client-info';
import type { RegisterDto } from './dto/auth.dto';
import { EmailTokenEntity, EmailTokenPurpose } from './entities/email-token.entity';
import { SessionService } from './session.service';
import { expiresAfter, hashToken, HOUR_MS, isExpired, newOpaqueToken } from './tokens';
import { retryOnDeadlock } from '../../common/database/retry-deadlock';
import { isDuplicateEntry } from '../../common/database/duplicate-entry';

/** `caller`: whose share of the password gate it takes (see password-gate.ts). */
const hashPassword = (password: string, caller: GateCaller) => passwordGate.hash(caller, password);

/**
 * How long forgot-password and resend-verification take to answer, whether or not the address has an account: the
 * lookup, the token and the outbox row run meanwhile and, when slower (a busy database), finish after the answer.
 */
export const ACCOUNT_BLIND_ANSWER_MS = 300;

/** Registration, email verification and password reset. */
@Injectable()
export class AccountsService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Accounts');
  /** Account-dependent work still running after its fixed-time answer; awaited at shutdown. */
  private readonly unfinished = new Set<Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(EmailTokenEntity) private readonly emailTokens: Repository<EmailTokenEntity>,
    private readonly outbox: MailOutbox,
    private readonly authLog: AuthLogService,
    private readonly sessions: SessionService,
    private readonly patients: PatientAccess,
  ) {}

  /**
   * The key an address's per-account limits count under (see AccountKey): its account, found as the database compares
   * addresses, or the canonical address when it has none.
   */
  async accountKeyOf(email: string): Promise<AccountKey> {
    return accountKeyOf(await this.users.findOne({ where: { email: email.toLowerCase() }, select: { id: true } }), email);
  }

  /**
   * The address is kept as typed (lower-cased), since that is the mailbox; one the database confuses with an account's
   * (users.email's collation ignores case, accents and width) is refused as already registered, by the check below or,
   * in a race, by the unique key.
   */
  async register(dto: RegisterDto, client: ClientInfo): Promise<{ userId: string }> {
    const email = dto.email.toLowerCase();
    const existing = await this.users.findOne({ where: { email }, select: { id: true, approvalStatus: true } });
    // Spec section 4: a rejected account's registration is told so ('Registration Rejected'), any other one is a duplicate.
    if (existing?.approvalStatus === ApprovalStatus.Rejected) throw new ForbiddenException(Messages.errors.registrationRejected);
    if (existing) throw new ConflictException(Messages.errors.emailRegistered);
    const passwordHash = await hashPassword(dto.password, { ip: client.ip, account: addressKey(email) });
    const now = new Date();
    let user: UserEntity;
    let mails: string[] = [];
    try {
      // A burst of registrations can deadlock on the tables' unique keys: the loser runs again.
      user = await retryOnDeadlock(() => this.dataSource.transaction(async (tx) => {
        const created = await tx.getRepository(UserEntity).save(tx.getRepository(UserEntity).create({
          email, passwordHash, role: dto.role, firstName: dto.first_name, lastName: dto.last_name,
          approvalStatus: ApprovalStatus.Pending, termsConsent: true, termsConsentDate: now,
          ...(dto.role === Role.Expert ? { specialty: dto.specialty, licenceNumber: dto.licence_number, institution: dto.institution } : {}),
        }));
        if (dto.role === Role.Patient) {
          await this.patients.createAtRegistration(tx, {
            userId: created.id, hipaaConsent: dto.hipaa_consent === true, firstName: dto.first_name, lastName: dto.last_name,
            age: dto.age ?? null, sex: dto.sex || null, cancerType: dto.cancer_type || null, cancerStage: dto.cancer_stage || null,
          });
        }
        // The emails are written with the account: both or neither (the worker sends them; SMTP never slows this).
        mails = [await this.verificationMail(tx, created), ...(await this.adminNotifications(tx, created))];
        return created;
      }));
    } catch (error) {
      if (isDuplicateEntry(error)) throw new ConflictException(Messages.errors.emailRegistered);
      throw error;
    }
    this.outbox.enqueueAfterCommit(mails);
    await this.authLog.record('registration', user.id, client);
    return { userId: user.id };
  }

  /**
   * 'verified', or 'already-verified' for a used link whose account is confirmed (opened a second time, or by another
   * tab meanwhile): nothing is wrong then, and the user is told so. A used link of an unconfirmed account (a newer one
   * was sent) stays 'not valid'.
   */
  async verifyEmail(code: string): Promise<'verified' | 'already-verified'> {
    const token = await this.emailTokens.findOneBy({ tokenHash: hashToken(code), purpose: 'verify_email' });
    if (!token) throw new BadRequestException(AuthTexts.verificationInvalid);
    if (token.usedAt) return this.alreadyVerified(token.userId);
    if (isExpired(token.expiresAt)) throw new BadRequestException(AuthTexts.verificationExpired);
    const claimed = await this.emailTokens.update({ id: token.id, usedAt: IsNull() }, { usedAt: new Date() });
    if (!claimed.affected) return this.alreadyVerified(token.userId);
    await this.users.update({ id: token.userId, emailConfirmedAt: IsNull() }, { emailConfirmedAt: new Date() });
    return 'verified';
  }

  private async alreadyVerified(userId: string): Promise<'already-verified'> {
    const user = await this.users.findOne({ where: { id: userId }, select: { id: true, emailConfirmedAt: true } });
    if (!user?.emailConfirmedAt) throw new BadRequestException(AuthTexts.verificationInvalid);
    return 'already-verified';
  }

  /**
   * Sends a new link only to an existing, unconfirmed account. The caller's answer is the same either way, and comes
   * after the same time (answerBlind).
   */
  async resendVerification(email: string): Promise<void> {
    await this.answerBlind('resend-verification', () => this.sendVerificationAgain(email));
  }

  /** Sends a reset link to an existing account; answers like resendVerification (same words, same time). */
  async forgotPassword(email: string): Promise<void> {
    await this.answerBlind('forgot-password', () => this.sendPasswordReset(email));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.unfinished]);
  }

  /**
   * Resolves after exactly ACCOUNT_BLIND_ANSWER_MS whatever the work does, so the answer's timing says nothing about the
   * address (only a known one writes a token and an outbox row). Padding to a fixed time keeps the outbox contract (the
   * row exists, committed with its token, when the caller hears back, in all but an overloaded moment); answering first
   * and working afterwards would lose the email whenever the process stopped in between. A failure is logged, never
   * told: telling it would tell which addresses have an account.
   */
  private async answerBlind(action: string, work: () => Promise<void>): Promise<void> {
    const answer = new Promise<void>((resolve) => setTimeout(resolve, ACCOUNT_BLIND_ANSWER_MS));
    const running: Promise<void> = work()
      .catch((error: unknown) => this.logger.error(`${action} failed: ${error instanceof Error ? error.message : 'unknown error'}`))
      .finally(() => this.unfinished.delete(running));
    this.unfinished.add(running);
    await answer;
  }

  private async sendVerificationAgain(email: string): Promise<void> {
    const user = await this.users.findOneBy({ email: email.toLowerCase() });
    if (!user || user.emailConfirmedAt) return;
    const id = await this.dataSource.transaction((tx) => this.verificationMail(tx, user));
    this.outbox.enqueueAfterCommit([id]);
  }

  private async sendPasswordReset(email: string): Promise<void> {
    const user = await this.users.findOneBy({ email: email.toLowerCase() });
    if (!user) return;
    // The link and its email in one transaction; the worker sends it.
    const id = await this.dataSource.transaction(async (tx) => {
      const token = await this.newEmailToken(tx, user.id, 'reset_password', PASSWORD_RESET_TTL_MINUTES * 60 * 1000);
      const link = `${this.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      return this.outbox.add(tx, passwordResetMail(user.email, link));
    });
    this.outbox.enqueueAfterCommit([id]);
  }

  async resetPassword(tokenText: string, password: string, client: ClientInfo): Promise<void> {
    const token = await this.emailTokens.findOneBy({ tokenHash: hashToken(tokenText), purpose: 'reset_password' });
    if (!token || token.usedAt || isExpired(token.expiresAt)) throw new BadRequestException(AuthTexts.resetLinkInvalid);
    const user = await this.users.findOne({ where: { id: token.userId }, select: { id: true, passwordHash: true } });
    if (!user) throw new BadRequestException(AuthTexts.resetLinkInvalid);
    const caller = { ip: client.ip, account: userAccountKey(user.id) };
    if (await passwordGate.verify(caller, user.passwordHash, password)) throw new BadRequestException(Messages.validation.samePassword);
    const claimed = await this.emailTokens.update({ id: token.id, usedAt: IsNull() }, { usedAt: new Date() });
    if (!claimed.affected) throw new BadRequestException(AuthTexts.resetLinkInvalid);
    await this.users.update({ id: user.id }, { passwordHash: await hashPassword(password, caller) });
    await this.sessions.revokeAllOf(user.id);
    await this.authLog.record('password_reset', user.id, client);
  }

  /** A new verification link and its email, in `tx`; returns the outbox row id. */
  private async verificationMail(tx: EntityManager, user: UserEntity): Promise<string> {
    const token = await this.newEmailToken(tx, user.id, 'verify_email', VERIFICATION_TTL_HOURS * HOUR_MS);
    const link = `${this.config.publicUrl}/verify-email/${encodeURIComponent(token)}`;
    return this.outbox.add(tx, verificationMail(user.email, user.firstName, link));
  }

  /** Earlier unused links of the same purpose stop working: only the newest email counts. */
  private async newEmailToken(tx: EntityManager, userId: string, purpose: EmailTokenPurpose, ttlMs: number): Promise<string> {
    const tokens = tx.getRepository(EmailTokenEntity);
    await tokens.update({ userId, purpose, usedAt: IsNull() }, { usedAt: new Date() });
    const token = newOpaqueToken();
    await tokens.insert({ userId, purpose, tokenHash: hashToken(token), expiresAt: expiresAfter(ttlMs) });
    return token;
  }

  private async adminNotifications(tx: EntityManager, user: UserEntity): Promise<string[]> {
    const admins = await tx.getRepository(UserEntity).findBy({ role: Role.Admin, approvalStatus: ApprovalStatus.Approved, isBlocked: false });
    const link = `${this.config.publicUrl}/admin/approve-user/${user.id}`;
    const ids: string[] = [];
    for (const admin of admins) {
      ids.push(await this.outbox.add(tx, adminRegistrationMail(admin.email, {
        firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role, registeredAt: user.createdAt ?? new Date(),
      }, link)));
    }
    return ids;
  }
}
