import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AccountPageTexts, AccountSession, Messages } from '@cqa/contracts';
import { Repository } from 'typeorm';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import type { ClientInfo } from '../../../common/access/client-info';
import { userAccountKey } from '../account-key';
import { AuthLogService } from '../auth-log.service';
import { UserEntity } from '../entities/user.entity';
import { RefreshTokenEntity } from '../entities/refresh-token.entity';
import { passwordGate } from '../password-gate';
import { OwnerCheck } from '../owner-check';
import { SessionService } from '../session.service';
import { deviceName } from './device-name';

/** The most sessions the account page lists (newest use first); a person has a handful. */
const SESSIONS_LISTED = 50;

interface LiveTokenRow {
  family_id: string;
  session_started_at: Date;
  created_at: Date;
  user_agent: string | null;
}

/** The signed-in user's own account (issue 44): the password, and the list of sessions with a way to end each. */
@Injectable()
export class AccountService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(RefreshTokenEntity) private readonly refreshTokens: Repository<RefreshTokenEntity>,
    private readonly sessions: SessionService,
    private readonly owner: OwnerCheck,
    private readonly authLog: AuthLogService,
  ) {}

  /**
   * The current password first, counted as a sign-in (per address and per account, so it cannot be guessed here
   * faster than at the login form); then the new one, and every other session ends (`keepSession`, the caller's own,
   * stays signed in).
   */
  async changePassword(caller: AuthenticatedUser, current: string, next: string, client: ClientInfo, keepSession: string | null): Promise<void> {
    await this.owner.require(caller.id, current, client, { event: 'login_failed', message: AccountPageTexts.currentPasswordWrong });
    if (current === next) throw new BadRequestException(Messages.validation.samePassword);
    await this.users.update({ id: caller.id }, { passwordHash: await passwordGate.hash({ ip: client.ip, account: userAccountKey(caller.id) }, next) });
    await this.sessions.endOtherSessions(caller.id, keepSession);
    await this.authLog.record('password_changed', caller.id, client);
  }

  /** The caller's live sessions: each family's one live refresh token (issue 42) tells when it was last renewed. */
  async sessionsOf(caller: AuthenticatedUser, currentSession: string | null): Promise<AccountSession[]> {
    const rows = (await this.refreshTokens.query(
      `SELECT family_id, session_started_at, created_at, user_agent FROM refresh_tokens
        WHERE user_id = ? AND revoked_at IS NULL AND rotated_at IS NULL AND expires_at > NOW(3)
        ORDER BY created_at DESC LIMIT ${SESSIONS_LISTED}`,
      [caller.id],
    )) as LiveTokenRow[];
    return rows.map((row) => ({
      id: row.family_id,
      device: deviceName(row.user_agent),
      started_at: new Date(row.session_started_at).toISOString(),
      last_used_at: new Date(row.created_at).toISOString(),
      current: row.family_id === currentSession,
    }));
  }

  /** Ends one of the caller's other sessions; their own is ended with Sign Out. Another user's session is not found. */
  async endSession(caller: AuthenticatedUser, sessionId: string, currentSession: string | null, client: ClientInfo): Promise<void> {
    if (sessionId === currentSession) throw new BadRequestException(AccountPageTexts.endCurrentWithSignOut);
    if (!(await this.sessions.endSessionOf(caller.id, sessionId))) throw new NotFoundException(AccountPageTexts.sessionNotFound);
    await this.authLog.record('session_ended', caller.id, client);
  }
}
