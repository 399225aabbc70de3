import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ApprovalStatus, ApprovalStatusResponse, Messages, Role } from '@cqa/contracts';
import { Repository } from 'typeorm';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { UserEntity } from './entities/user.entity';

/** The accounts table as other modules reach it (admin lists and approves accounts through here). */
@Injectable()
export class UsersService {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  listByRole(role: Role): Promise<UserEntity[]> {
    return this.users.find({ where: { role }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  async setApprovalStatus(id: string, status: ApprovalStatus): Promise<void> {
    await this.users.update({ id }, { approvalStatus: status });
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
