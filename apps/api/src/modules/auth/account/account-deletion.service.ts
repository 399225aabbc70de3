import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AccountDeletionTexts, Messages, Role } from '@cqa/contracts';
import { Repository } from 'typeorm';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import type { ClientInfo } from '../../../common/access/client-info';
import { UserEntity } from '../entities/user.entity';
import { OwnerCheck } from '../owner-check';
import { SessionService } from '../session.service';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { PendingDeletions } from './pending-deletions';

/**
 * Delete my account (issue 44): the owner asks with the password (and a current code when two-factor sign-in is on), or
 * an admin on the person's request; either way every session ends at once and the erasure follows the grace period
 * (modules/erasure). Admin accounts are not deleted here, so the last admin cannot vanish.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly owner: OwnerCheck,
    private readonly twoFactor: TwoFactorService,
    private readonly sessions: SessionService,
    private readonly pending: PendingDeletions,
  ) {}

  /** The admin's user lists show each pending deletion's date. */
  pendingDues(): Promise<Map<string, Date>> {
    return this.pending.dueByUser();
  }

  async requestOwn(caller: AuthenticatedUser, password: string, code: string | undefined, client: ClientInfo): Promise<Date> {
    await this.owner.require(caller.id, password, client, { event: 'login_failed', message: AccountDeletionTexts.passwordWrong });
    await this.twoFactor.requireCodeIfEnabled(caller.id, code, client, { required: AccountDeletionTexts.codeRequired, wrong: AccountDeletionTexts.codeWrong });
    const user = await this.users.findOneByOrFail({ id: caller.id });
    const due = await this.pending.schedule(user, { by: 'self' }, client);
    await this.sessions.revokeAllOf(user.id);
    return due;
  }

  async scheduleByAdmin(admin: AuthenticatedUser, targetId: string, note: string, client: ClientInfo): Promise<Date> {
    const user = await this.deletable(targetId);
    const due = await this.pending.schedule(user, { by: 'admin', adminId: admin.id, note: note.trim() }, client);
    await this.sessions.revokeAllOf(user.id);
    return due;
  }

  async cancelByAdmin(targetId: string, client: ClientInfo): Promise<void> {
    const user = await this.deletable(targetId);
    if (!(await this.pending.cancel(user, true, client))) throw new NotFoundException(AccountDeletionTexts.notPending);
  }

  private async deletable(id: string): Promise<UserEntity> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw new NotFoundException(Messages.errors.userNotFound);
    if (user.role === Role.Admin) throw new BadRequestException(AccountDeletionTexts.adminOnlyPatientsExperts);
    if (user.erasedAt) throw new ConflictException(AccountDeletionTexts.alreadyErased);
    return user;
  }
}
