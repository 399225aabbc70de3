import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { ApprovalStatus, ApprovalStatusResponse, landingHref, Messages, Role } from '@cqa/contracts';
import { DataSource, In, Repository } from 'typeorm';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { MailOutbox } from '../mail/mail-outbox.service';
import { approvalMail, rejectionMail } from '../mail/mail-templates';
import type { OutgoingMail } from '../mail/mail.service';
import { UserEntity } from './entities/user.entity';

/** The accounts table as other modules reach it (admin lists and approves accounts through here). */
@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: MailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  listByRole(role: Role): Promise<UserEntity[]> {
    return this.users.find({ where: { role }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  findByIds(ids: readonly string[]): Promise<UserEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.users.find({ where: { id: In([...ids]) }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  /**
   * Moves an account from the status it was read with to `to`, and writes the e-mail that tells its owner of an
   * approval or a rejection (issue 44; a rejection with the admin's reason) in the same transaction: both or neither.
   * False when the status changed meanwhile (another admin): nothing is written.
   */
  async changeApprovalStatus(user: UserEntity, to: ApprovalStatus, reason?: string): Promise<boolean> {
    const mail = this.approvalNotice(user, to, reason);
    let outboxId: string | undefined;
    const changed = await this.dataSource.transaction(async (tx) => {
      const result = await tx.getRepository(UserEntity).update({ id: user.id, approvalStatus: user.approvalStatus }, { approvalStatus: to });
      if (!result.affected) return false;
      if (mail) outboxId = await this.outbox.add(tx, mail);
      return true;
    });
    if (outboxId) this.outbox.enqueueAfterCommit([outboxId]);
    return changed;
  }

  private approvalNotice(user: UserEntity, to: ApprovalStatus, reason: string | undefined): OutgoingMail | undefined {
    if (user.role === Role.Admin) return undefined;
    if (to === ApprovalStatus.Approved) {
      return approvalMail(user.email, user.firstName, user.role, `${this.config.publicUrl}${landingHref({ role: user.role, mode: 'login' })}`);
    }
    if (to === ApprovalStatus.Rejected) return rejectionMail(user.email, user.firstName, reason, `${this.config.publicUrl}/`);
    return undefined;
  }

  async setBlocked(id: string, blocked: boolean): Promise<void> {
    await this.users.update({ id }, { isBlocked: blocked });
  }

  /** Admins read anyone's; everyone else only their own. */
  async approvalStatus(caller: AuthenticatedUser, userId: string): Promise<ApprovalStatusResponse> {
    if (caller.role !== 'admin' && caller.id !== userId) throw new ForbiddenException();
    const user = await this.findById(userId);
    if (!user) throw new NotFoundException(Messages.errors.userNotFound);
    return { approval_status: user.approvalStatus, is_blocked: user.isBlocked };
  }
}
