import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { AccountTexts, AdminUserSummary, ApprovalResponse, BlockResponse, ApprovalStatus, Messages, Role, UserDetailResponse } from '@cqa/contracts';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { SessionService } from '../auth/session.service';
import { UsersService } from '../auth/users.service';
import { PatientAccess } from '../profiles/patient-access.service';
import { canChangeApproval, endsSessions } from './approval';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What admins see and change of accounts, through the services of auth (accounts, sessions) and profiles (records). */
@Injectable()
export class AdminService {
  constructor(private readonly users: UsersService, private readonly sessions: SessionService, private readonly patients: PatientAccess) {}

  async list(role: Extract<Role, 'patient' | 'expert'>): Promise<AdminUserSummary[]> {
    const users = await this.users.listByRole(role);
    const patientIds = role === 'patient' && users.length > 0 ? await this.patients.recordIdsByUser() : new Map<string, string>();
    return users.map((u) => ({
      id: u.id, email: u.email, first_name: u.firstName, last_name: u.lastName, full_name: `${u.firstName} ${u.lastName}`,
      created_at: u.createdAt.toISOString(), updated_at: u.updatedAt.toISOString(), email_confirmed_at: iso(u.emailConfirmedAt),
      approval_status: u.approvalStatus, is_blocked: u.isBlocked, last_sign_in_at: iso(u.lastSignInAt), patient_id: patientIds.get(u.id) ?? null,
    }));
  }

  async changeApproval(caller: AuthenticatedUser, userId: string, to: ApprovalStatus): Promise<ApprovalResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundException(Messages.errors.userNotFound);
    // An admin locking themselves out would leave nobody to undo it.
    if (user.id === caller.id) throw new BadRequestException(AccountTexts.invalidTransition(user.approvalStatus, to));
    if (!canChangeApproval(user.approvalStatus, to)) throw new BadRequestException(AccountTexts.invalidTransition(user.approvalStatus, to));
    await this.users.setApprovalStatus(user.id, to);
    if (endsSessions(to)) await this.sessions.revokeAllOf(user.id);
    return { success: true, approval_status: to };
  }

  /** Blocking ends the user's sessions at once (SessionService.revokeAllOf); the access check refuses a blocked account on every request. */
  async setBlocked(caller: AuthenticatedUser, userId: string, blocked: boolean): Promise<BlockResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundException(Messages.errors.userNotFound);
    if (user.id === caller.id) throw new BadRequestException(AccountTexts.cannotBlockSelf);
    await this.users.setBlocked(user.id, blocked);
    if (blocked) await this.sessions.revokeAllOf(user.id);
    return { success: true, is_blocked: blocked };
  }

  async detail(userId: string): Promise<UserDetailResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundException(Messages.errors.userNotFound);
    return {
      id: user.id, email: user.email, email_confirmed_at: iso(user.emailConfirmedAt), approval_status: user.approvalStatus,
      app_specific_data: { role: user.role, first_name: user.firstName, last_name: user.lastName, registration_date: user.createdAt.toISOString() },
    };
  }
}
