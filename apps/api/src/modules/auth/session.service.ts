import { ForbiddenException, HttpException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { ApprovalStatus, AuthTexts, AuthUser, Messages, QUEUES_PASS_COOKIE, Role, SessionResponse } from '@cqa/contracts';
import { hash, verify as verifyPassword } from 'argon2';
import { randomUUID } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import type { AppConfig } from '../../config/app-config';
import { PatientAccess } from '../profiles/patient-access.service';
import { UserEntity } from './entities/user.entity';
import { AuthLogService } from './auth-log.service';
import type { ClientInfo } from '../../common/access/client-info';
import { RefreshTokenEntity } from './entities/refresh-token.entity';
import { DAY_MS, expiresAfter, hashToken, isExpired, newOpaqueToken } from './tokens';

interface AccessClaims { sub: string; role: Role }

const QUEUES_AUDIENCE = 'cqa:queues';

/** A session as the controller needs it: the body, and the refresh token for the cookie. */
export interface IssuedSession { body: SessionResponse; refreshToken: string; refreshExpiresAt: Date }

const PORTAL_NAME: Record<Role, 'Patient' | 'Expert' | 'Admin'> = { patient: 'Patient', expert: 'Expert', admin: 'Admin' };

let dummyHash: Promise<string> | undefined;
/** Checked against when the email is unknown, so the answer takes as long as for a wrong password. */
const dummyPasswordHash = () => (dummyHash ??= hash(newOpaqueToken(), { type: 2 }));

/** Whether a stored account may hold a session at all (approval, blocking). */
export function mayHoldSession(user: Pick<UserEntity, 'approvalStatus' | 'isBlocked'>): boolean {
  return user.approvalStatus === ApprovalStatus.Approved && !user.isBlocked;
}

/** Sign-in, access tokens and the rotating refresh tokens. */
@Injectable()
export class SessionService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    private readonly authLog: AuthLogService,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(RefreshTokenEntity) private readonly refreshTokens: Repository<RefreshTokenEntity>,
    private readonly patients: PatientAccess,
  ) {}

  async login(email: string, password: string, portal: Role, client: ClientInfo): Promise<IssuedSession> {
    const user = await this.users.findOne({ where: { email: email.toLowerCase() }, select: { id: true, passwordHash: true } });
    const matches = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !matches) {
      await this.authLog.record('login_failed', user?.id ?? null, client);
      throw new UnauthorizedException(AuthTexts.invalidCredentials);
    }
    const account = await this.users.findOneByOrFail({ id: user.id });
    const refusal = this.loginRefusal(account, portal);
    if (refusal) {
      await this.authLog.record('login_failed', account.id, client);
      throw refusal;
    }
    await this.users.update({ id: account.id }, { lastSignInAt: new Date() });
    await this.authLog.record('login', account.id, client);
    return this.issue(account, randomUUID(), client);
  }

  /** Spec section 4: a confirmed email first, then the portal of the account's role, then its approval. */
  private loginRefusal(account: UserEntity, portal: Role): HttpException | null {
    if (!account.emailConfirmedAt) return new ForbiddenException(Messages.validation.emailNotVerified);
    if (account.role !== portal) {
      return new ForbiddenException(portal === 'admin' ? Messages.portal.notAdmin : Messages.portal.usePortal(PORTAL_NAME[account.role]));
    }
    if (!mayHoldSession(account)) return new ForbiddenException(Messages.errors.unableToLogin);
    return null;
  }

  /** Rotates the refresh token. A token that was already rotated or revoked means theft: its whole family ends. */
  async refresh(token: string | undefined, client: ClientInfo): Promise<IssuedSession> {
    const row = token ? await this.refreshTokens.findOneBy({ tokenHash: hashToken(token) }) : null;
    if (!row) throw new UnauthorizedException(Messages.errors.noActiveSession);
    // The account's standing comes first (spec section 4: a rejected or disabled user restoring a session is told so),
    // even when rejecting it already revoked this token.
    const user = await this.users.findOneBy({ id: row.userId });
    if (!user || !user.emailConfirmedAt || !mayHoldSession(user)) {
      await this.revokeFamily(row.familyId);
      throw new ForbiddenException(Messages.errors.unableToAccess);
    }
    if (row.revokedAt || row.replacedBy) {
      await this.revokeFamily(row.familyId);
      throw new UnauthorizedException(Messages.errors.noActiveSession);
    }
    if (isExpired(row.expiresAt)) throw new UnauthorizedException(Messages.errors.noActiveSession);
    const nextId = randomUUID();
    // Only one of two concurrent refreshes with the same token may win; the loser is treated as reuse.
    const claimed = await this.refreshTokens.update({ id: row.id, replacedBy: IsNull(), revokedAt: IsNull() }, { replacedBy: nextId });
    if (!claimed.affected) {
      await this.revokeFamily(row.familyId);
      throw new UnauthorizedException(Messages.errors.noActiveSession);
    }
    return this.issue(user, row.familyId, client, nextId);
  }

  async logout(token: string | undefined): Promise<string | null> {
    const row = token ? await this.refreshTokens.findOneBy({ tokenHash: hashToken(token) }) : null;
    if (!row) return null;
    await this.revokeFamily(row.familyId);
    return row.userId;
  }

  async revokeAllOf(userId: string): Promise<void> {
    await this.refreshTokens.update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** The user of a bearer access token, or the reason it is refused. */
  async authenticate(accessToken: string): Promise<AuthenticatedUser> {
    let claims: AccessClaims;
    try {
      claims = await this.jwt.verifyAsync<AccessClaims & { aud?: unknown }>(accessToken, { algorithms: ['HS256'] });
    } catch {
      throw new UnauthorizedException(Messages.platform.signInRequired);
    }
    // Access tokens carry no audience; a token minted for another audience (a Bull Board pass) opens no API route.
    if ((claims as { aud?: unknown }).aud !== undefined) throw new UnauthorizedException(Messages.platform.signInRequired);
    // A plain statement with the five columns it needs: this runs on every request, and the repository's query building and
    // entity hydration cost a fifth of a cheap route's throughput.
    const [user] = (await this.users.query(
      'SELECT id, role, email_confirmed_at, approval_status, is_blocked FROM users WHERE id = ?', [claims.sub],
    )) as { id: string; role: Role; email_confirmed_at: Date | null; approval_status: ApprovalStatus; is_blocked: number | boolean }[];
    if (!user) throw new UnauthorizedException(Messages.platform.signInRequired);
    const account = { approvalStatus: user.approval_status, isBlocked: Boolean(user.is_blocked) };
    if (!user.email_confirmed_at || !mayHoldSession(account)) throw new ForbiddenException(Messages.errors.unableToAccess);
    return { id: user.id, role: user.role };
  }

  async authUserById(id: string): Promise<AuthUser> {
    return this.authUser(await this.users.findOneByOrFail({ id }));
  }

  async authUser(user: UserEntity): Promise<AuthUser> {
    const patient = user.role === 'patient' ? await this.patients.recordOfUser(user.id) : null;
    return {
      id: user.id, email: user.email, role: user.role, firstName: user.firstName, lastName: user.lastName,
      approvalStatus: user.approvalStatus, patientId: patient?.id ?? null,
      profileCompletion: user.role === 'patient' ? (patient?.profileCompletionPercentage ?? 0) : null,
    };
  }

  /** A pass for Bull Board: an access token bound to the board's audience, so it opens nothing else. */
  async issueQueuesPass(user: { id: string; role: Role }): Promise<string> {
    return this.jwt.signAsync({ sub: user.id, role: user.role } satisfies AccessClaims, {
      expiresIn: QUEUES_PASS_COOKIE.ttlSeconds, algorithm: 'HS256', audience: QUEUES_AUDIENCE,
    });
  }

  /** Whether a Bull Board pass is valid and its holder is still an admin in good standing. */
  async verifyQueuesPass(token: string | undefined): Promise<'ok' | 'anonymous' | 'forbidden'> {
    if (!token) return 'anonymous';
    let claims: AccessClaims;
    try {
      claims = await this.jwt.verifyAsync<AccessClaims>(token, { algorithms: ['HS256'], audience: QUEUES_AUDIENCE });
    } catch {
      return 'anonymous';
    }
    const user = await this.users.findOneBy({ id: claims.sub });
    if (!user || !user.emailConfirmedAt || !mayHoldSession(user)) return 'anonymous';
    return user.role === 'admin' ? 'ok' : 'forbidden';
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.refreshTokens.update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  private async issue(user: UserEntity, familyId: string, client: ClientInfo, id: string = randomUUID()): Promise<IssuedSession> {
    const refreshToken = newOpaqueToken();
    const refreshExpiresAt = expiresAfter(this.config.refreshTokenTtlDays * DAY_MS);
    await this.refreshTokens.insert({
      id, userId: user.id, familyId, tokenHash: hashToken(refreshToken), expiresAt: refreshExpiresAt, userAgent: client.userAgent,
    });
    const accessToken = await this.jwt.signAsync({ sub: user.id, role: user.role } satisfies AccessClaims, {
      expiresIn: this.config.accessTokenTtlSeconds, algorithm: 'HS256',
    });
    return { body: { user: await this.authUser(user), accessToken, expiresIn: this.config.accessTokenTtlSeconds }, refreshToken, refreshExpiresAt };
  }
}
