import { BadRequestException, ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  ApprovalStatus, AuthTexts, Messages, PASSWORD_RESET_TTL_MINUTES, Role, VERIFICATION_TTL_HOURS,
} from '@cqa/contracts';
import { hash, verify as verifyPassword } from 'argon2';
import { DataSource, IsNull, Repository } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { adminRegistrationMail, passwordResetMail, verificationMail } from '../mail/mail-templates';
import { MailService } from '../mail/mail.service';
import { PatientAccess } from '../profiles/patient-access.service';
import { UserEntity } from './entities/user.entity';
import { AuthLogService } from './auth-log.service';
import type { ClientInfo } from '../../common/access/client-info';
import type { RegisterDto } from './dto/auth.dto';
import { EmailTokenEntity, EmailTokenPurpose } from './entities/email-token.entity';
import { SessionService } from './session.service';
import { expiresAfter, hashToken, HOUR_MS, isExpired, newOpaqueToken } from './tokens';

export const hashPassword = (password: string) => hash(password, { type: 2 });

const isDuplicateEntry = (error: unknown) => (error as { code?: string })?.code === 'ER_DUP_ENTRY';

/** Registration, email verification and password reset. */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger('Accounts');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(EmailTokenEntity) private readonly emailTokens: Repository<EmailTokenEntity>,
    private readonly mail: MailService,
    private readonly authLog: AuthLogService,
    private readonly sessions: SessionService,
    private readonly patients: PatientAccess,
  ) {}

  async register(dto: RegisterDto, client: ClientInfo): Promise<{ userId: string }> {
    const email = dto.email.toLowerCase();
    if (await this.users.exists({ where: { email } })) throw new ConflictException(Messages.errors.emailRegistered);
    const passwordHash = await hashPassword(dto.password);
    const now = new Date();
    let user: UserEntity;
    try {
      user = await this.dataSource.transaction(async (tx) => {
        const created = await tx.getRepository(UserEntity).save(tx.getRepository(UserEntity).create({
          email, passwordHash, role: dto.role, firstName: dto.first_name, lastName: dto.last_name,
          approvalStatus: ApprovalStatus.Pending, termsConsent: true, termsConsentDate: now,
        }));
        if (dto.role === Role.Patient) {
          await this.patients.createAtRegistration(tx, {
            userId: created.id, hipaaConsent: dto.hipaa_consent === true, firstName: dto.first_name, lastName: dto.last_name,
            age: dto.age ?? null, sex: dto.sex ?? null, cancerType: dto.cancer_type ?? null, cancerStage: dto.cancer_stage ?? null,
          });
        }
        return created;
      });
    } catch (error) {
      if (isDuplicateEntry(error)) throw new ConflictException(Messages.errors.emailRegistered);
      throw error;
    }
    await this.authLog.record('registration', user.id, client);
    // The account exists now; a mail failure must not undo it (the user can ask for a new link).
    await this.sendVerification(user).catch((error: unknown) => this.logger.error(`Verification email failed: ${describe(error)}`));
    await this.notifyAdmins(user).catch((error: unknown) => this.logger.error(`Admin notification failed: ${describe(error)}`));
    return { userId: user.id };
  }

  async verifyEmail(code: string): Promise<void> {
    const token = await this.emailTokens.findOneBy({ tokenHash: hashToken(code), purpose: 'verify_email' });
    if (!token || token.usedAt) throw new BadRequestException(AuthTexts.verificationInvalid);
    if (isExpired(token.expiresAt)) throw new BadRequestException(AuthTexts.verificationExpired);
    const claimed = await this.emailTokens.update({ id: token.id, usedAt: IsNull() }, { usedAt: new Date() });
    if (!claimed.affected) throw new BadRequestException(AuthTexts.verificationInvalid);
    await this.users.update({ id: token.userId, emailConfirmedAt: IsNull() }, { emailConfirmedAt: new Date() });
  }

  /** Sends a new link only to an existing, unconfirmed account; the caller's answer is the same either way. */
  async resendVerification(email: string): Promise<void> {
    const user = await this.users.findOneBy({ email: email.toLowerCase() });
    if (!user || user.emailConfirmedAt) return;
    await this.sendVerification(user).catch((error: unknown) => this.logger.error(`Verification email failed: ${describe(error)}`));
  }

  async forgotPassword(email: string): Promise<void> {
    const user = await this.users.findOneBy({ email: email.toLowerCase() });
    if (!user) return;
    const token = await this.newEmailToken(user.id, 'reset_password', PASSWORD_RESET_TTL_MINUTES * 60 * 1000);
    const link = `${this.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    // Same answer whether or not the mail went out: a failure here must not tell the caller the account exists.
    await this.mail.send(passwordResetMail(user.email, link)).catch((error: unknown) => this.logger.error(`Password reset email failed: ${describe(error)}`));
  }

  async resetPassword(tokenText: string, password: string, client: ClientInfo): Promise<void> {
    const token = await this.emailTokens.findOneBy({ tokenHash: hashToken(tokenText), purpose: 'reset_password' });
    if (!token || token.usedAt || isExpired(token.expiresAt)) throw new BadRequestException(AuthTexts.resetLinkInvalid);
    const user = await this.users.findOne({ where: { id: token.userId }, select: { id: true, passwordHash: true } });
    if (!user) throw new BadRequestException(AuthTexts.resetLinkInvalid);
    if (await verifyPassword(user.passwordHash, password)) throw new BadRequestException(Messages.validation.samePassword);
    const claimed = await this.emailTokens.update({ id: token.id, usedAt: IsNull() }, { usedAt: new Date() });
    if (!claimed.affected) throw new BadRequestException(AuthTexts.resetLinkInvalid);
    await this.users.update({ id: user.id }, { passwordHash: await hashPassword(password) });
    await this.sessions.revokeAllOf(user.id);
    await this.authLog.record('password_reset', user.id, client);
  }

  private async sendVerification(user: UserEntity): Promise<void> {
    const token = await this.newEmailToken(user.id, 'verify_email', VERIFICATION_TTL_HOURS * HOUR_MS);
    const link = `${this.config.publicUrl}/verify-email/${encodeURIComponent(token)}`;
    await this.mail.send(verificationMail(user.email, user.firstName, link));
  }

  /** Earlier unused links of the same purpose stop working: only the newest email counts. */
  private async newEmailToken(userId: string, purpose: EmailTokenPurpose, ttlMs: number): Promise<string> {
    await this.emailTokens.update({ userId, purpose, usedAt: IsNull() }, { usedAt: new Date() });
    const token = newOpaqueToken();
    await this.emailTokens.insert({ userId, purpose, tokenHash: hashToken(token), expiresAt: expiresAfter(ttlMs) });
    return token;
  }

  private async notifyAdmins(user: UserEntity): Promise<void> {
    const admins = await this.users.findBy({ role: Role.Admin, approvalStatus: ApprovalStatus.Approved, isBlocked: false });
    const link = `${this.config.publicUrl}/admin/approve-user/${user.id}`;
    const results = await Promise.allSettled(admins.map((admin) => this.mail.send(adminRegistrationMail(admin.email, {
      firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role, registeredAt: user.createdAt,
    }, link))));
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed > 0) this.logger.warn(`Admin notification: ${failed} of ${admins.length} emails failed`);
  }
}

/** SMTP error texts may quote the recipient; only the code reaches the log. */
function describe(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  return [code, responseCode].filter(Boolean).join(' ') || (error instanceof Error ? error.name : 'unknown error');
}
