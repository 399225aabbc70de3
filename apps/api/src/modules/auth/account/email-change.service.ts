import { BadRequestException, ConflictException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ACCOUNT_PAGE_PATH, AccountPageTexts, EMAIL_CHANGE_TTL_HOURS } from '@cqa/contracts';
import { DataSource, IsNull } from 'typeorm';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import type { ClientInfo } from '../../../common/access/client-info';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { MailOutbox } from '../../mail/mail-outbox.service';
import { emailChangeConfirmMail, emailChangeNoticeMail } from '../../mail/mail-templates';
import { AuthLogService } from '../auth-log.service';
import { EmailTokenEntity } from '../entities/email-token.entity';
import { UserEntity } from '../entities/user.entity';
import { OwnerCheck } from '../owner-check';
import { expiresAfter, hashToken, HOUR_MS, isExpired, newOpaqueToken } from '../tokens';
import { isDuplicateEntry } from '../../../common/database/duplicate-entry';

/** The page a link in the confirmation e-mail opens (public: the token in it proves the new address). */
export const CONFIRM_EMAIL_PAGE = '/confirm-email';

/**
 * A new e-mail address for a signed-in account (issue 44): asked for with the password, it takes effect only when the
 * link sent to the new address is opened; the address being replaced is told at both steps.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly owner: OwnerCheck,
    private readonly outbox: MailOutbox,
    private readonly authLog: AuthLogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Checks the password (counted as a sign-in), then mails the link; an earlier unopened link stops working. */
  async request(caller: AuthenticatedUser, password: string, newEmail: string, client: ClientInfo): Promise<void> {
    await this.owner.require(caller.id, password, client, { event: 'login_failed', message: AccountPageTexts.currentPasswordWrong });
    const address = newEmail.trim().toLowerCase();
    const users = this.dataSource.getRepository(UserEntity);
    const user = await users.findOneByOrFail({ id: caller.id });
    if (address === user.email) throw new BadRequestException(AccountPageTexts.emailSame);
    if (await users.existsBy({ email: address })) throw new ConflictException(AccountPageTexts.emailInUse);

    const token = newOpaqueToken();
    const ids = await this.dataSource.transaction(async (tx) => {
      const tokens = tx.getRepository(EmailTokenEntity);
      await tokens.update({ userId: user.id, purpose: 'change_email', usedAt: IsNull() }, { usedAt: new Date() });
      await tokens.insert({ userId: user.id, purpose: 'change_email', newEmail: address, tokenHash: hashToken(token), expiresAt: expiresAfter(EMAIL_CHANGE_TTL_HOURS * HOUR_MS) });
      const link = `${this.config.publicUrl}${CONFIRM_EMAIL_PAGE}/${encodeURIComponent(token)}`;
      return [
        await this.outbox.add(tx, emailChangeConfirmMail(address, user.firstName, link)),
        await this.outbox.add(tx, emailChangeNoticeMail(user.email, user.firstName, 'requested', `${this.config.publicUrl}${ACCOUNT_PAGE_PATH}`)),
      ];
    });
    this.outbox.enqueueAfterCommit(ids);
    await this.authLog.record('email_change_requested', user.id, client);
  }

  /** The link's token: the address becomes the account's (and counts as confirmed); the old address is told. */
  async confirm(token: string, client: ClientInfo): Promise<void> {
    let userId = '';
    const ids = await this.dataSource.transaction(async (tx) => {
      const tokens = tx.getRepository(EmailTokenEntity);
      const row = await tokens.findOne({ where: { tokenHash: hashToken(token), purpose: 'change_email' }, lock: { mode: 'pessimistic_write' } });
      if (!row || row.usedAt || !row.newEmail) throw new BadRequestException(AccountPageTexts.emailChangeInvalid);
      if (isExpired(row.expiresAt)) throw new BadRequestException(AccountPageTexts.emailChangeExpired);
      const users = tx.getRepository(UserEntity);
      const user = await users.findOne({ where: { id: row.userId }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw new BadRequestException(AccountPageTexts.emailChangeInvalid);
      try {
        await users.update({ id: user.id }, { email: row.newEmail, emailConfirmedAt: new Date() });
      } catch (error) {
        if (isDuplicateEntry(error)) throw new ConflictException(AccountPageTexts.emailInUse);
        throw error;
      }
      await tokens.update({ id: row.id }, { usedAt: new Date() });
      userId = user.id;
      return [await this.outbox.add(tx, emailChangeNoticeMail(user.email, user.firstName, 'done', `${this.config.publicUrl}/`))];
    });
    this.outbox.enqueueAfterCommit(ids);
    await this.authLog.record('email_changed', userId, client);
  }
}
