import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AccountTexts, AdminUserSummary, ApprovalResponse, ApprovalStatus, ApprovalStatusResponse, Messages, Role, UserDetailResponse,
} from '@cqa/contracts';
import { Repository } from 'typeorm';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { SessionService } from '../auth/session.service';
import { canChangeApproval, endsSessions } from './approval';
import { PatientEntity } from './entities/patient.entity';
import { UserEntity } from './entities/user.entity';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What admins see and change of accounts; a non-admin reaches only their own approval status. */
@Injectable()
export class UsersAdminService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(PatientEntity) private readonly patients: Repository<PatientEntity>,
    private readonly sessions: SessionService,
  ) {}

  async list(role: Extract<Role, 'patient' | 'expert'>): Promise<AdminUserSummary[]> {
    const users = await this.users.find({ where: { role }, order: { createdAt: 'DESC', id: 'ASC' } });
    const patientIds = new Map<string, string>();
    if (role === 'patient' && users.length > 0) {
      const rows = await this.patients.find({ select: { id: true, userId: true } });
      for (const row of rows) patientIds.set(row.userId, row.id);
    }
    return users.map((u) => ({
      id: u.id, email: u.email, first_name: u.firstName, last_name: u.lastName, full_name: `${u.firstName} ${u.lastName}`,
      created_at: u.createdAt.toISOString(), updated_at: u.updatedAt.toISOString(), email_confirmed_at: iso(u.emailConfirmedAt),
      approval_status: u.approvalStatus, is_blocked: u.isBlocked, patient_id: patientIds.get(u.id) ?? null,
    }));
  }

  async changeApproval(caller: AuthenticatedUser, userId: string, to: ApprovalStatus): Promise<ApprovalResponse> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new NotFoundException(Messages.errors.userNotFound);
    // An admin locking themselves out would leave nobody to undo it.
    if (user.id === caller.id) throw new BadRequestException(AccountTexts.invalidTransition(user.approvalStatus, to));
    if (!canChangeApproval(user.approvalStatus, to)) throw new BadRequestException(AccountTexts.invalidTransition(user.approvalStatus, to));
    await this.users.update({ id: user.id }, { approvalStatus: to });
    if (endsSessions(to)) await this.sessions.revokeAllOf(user.id);
    return { success: true, approval_status: to };
  }

  async approvalStatus(caller: AuthenticatedUser, userId: string): Promise<ApprovalStatusResponse> {
    if (caller.role !== 'admin' && caller.id !== userId) throw new ForbiddenException();
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new NotFoundException(Messages.errors.userNotFound);
    return { approval_status: user.approvalStatus, is_blocked: user.isBlocked };
  }

  async detail(userId: string): Promise<UserDetailResponse> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new NotFoundException(Messages.errors.userNotFound);
    return {
      id: user.id, email: user.email, email_confirmed_at: iso(user.emailConfirmedAt), approval_status: user.approvalStatus,
      app_specific_data: { role: user.role, first_name: user.firstName, last_name: user.lastName, registration_date: user.createdAt.toISOString() },
    };
  }
}
