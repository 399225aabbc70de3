import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  AccountTexts, AdminUserSummary, ApprovalResponse, BlockResponse, ApprovalStatus, Messages, Role, StoredExpertCredentials, UserDetailResponse,
} from '@cqa/contracts';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import type { UserEntity } from '../auth/entities/user.entity';
import { AccountDeletionService } from '../auth/account/account-deletion.service';
import { SessionService } from '../auth/session.service';
import { UsersService } from '../auth/users.service';
import { PatientAccess } from '../profiles/patient-access.service';
import { canChangeApproval, endsSessions } from './approval';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** An expert's professional details as stored (each null when not given yet); null for other roles. */
const credentialsOf = (u: UserEntity): StoredExpertCredentials | null =>
  u.role === Role.Expert ? { specialty: u.specialty, licence_number: u.licenceNumber, institution: u.institution } : null;

/** What admins see and change of accounts, through the services of auth (accounts, sessions) and profiles (records). */
@Injectable()
export class AdminService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly patients: PatientAccess,
    private readonly deletions: AccountDeletionService,
  ) {}

  async list(role: Extract<Role, 'patient' | 'expert'>): Promise<AdminUserSummary[]> {
    return this.summaries(await this.users.listByRole(role));
  }

  /** POST /api/users/by-ids: the accounts of these ids that exist, newest first. */
  async byIds(ids: readonly string[]): Promise<AdminUserSummary[]> {
    return this.summaries(await this.users.findByIds(ids));
  }

  private async summaries(users: UserEntity[]): Promise<AdminUserSummary[]> {
    const [patientIds, deletionDues] = await Promise.all([
      users.some((u) => u.role === 'patient') ? this.patients.recordIdsByUser() : new Map<string, string>(),
      this.deletions.pendingDues(),
    ]);
    return users.map((u) => ({
      id: u.id, email: u.email, first_name: u.firstName, last_name: u.lastName, full_name: `${u.firstName} ${u.lastName}`,
      created_at: u.createdAt.toISOString(), updated_at: u.updatedAt.toISOString(), email_confirmed_at: iso(u.emailConfirmedAt),
      approval_status: u.approvalStatus, is_blocked: u.isBlocked, last_sign_in_at: iso(u.lastSignInAt), patient_id: patientIds.get(u.id) ?? null,
      credentials: credentialsOf(u), deletion_due_at: iso(deletionDues.get(u.id) ?? null),
    }));
  }

  /** An approval or a rejection is e-mailed to the account's owner, the rejection with the admin's reason (UsersService). */
  async changeApproval(caller: AuthenticatedUser, userId: string, to: ApprovalStatus, reason?: string): Promise<ApprovalResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundException(Messages.errors.userNotFound);
    // An admin locking themselves out would leave nobody to undo it.
    if (user.id === caller.id) throw new BadRequestException(AccountTexts.invalidTransition(user.approvalStatus, to));
    if (!canChangeApproval(user.approvalStatus, to)) throw new BadRequestException(AccountTexts.invalidTransition(user.approvalStatus, to));
    const changed = await this.users.changeApprovalStatus(user, to, reason);
    if (!changed) throw new BadRequestException(AccountTexts.approvalChangedMeanwhile);
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
      credentials: credentialsOf(user),
    };
  }
}
