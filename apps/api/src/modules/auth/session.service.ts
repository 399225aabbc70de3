import { ForbiddenException, HttpException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { ApprovalStatus, AuthTexts, AuthUser, Messages, QUEUES_PASS_COOKIE, Role, SessionResponse } from '@cqa/contracts';
import { GateCaller, passwordGate } from './password-gate';
import { AccountKey, accountKeyOf, userAccountKey } from './account-key';
import { randomUUID } from 'node:crypto';
import { IsNull, Not, Repository } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import type { AppConfig, SessionLimits } from '../../config/app-config';
import { PatientAccess } from '../profiles/patient-access.service';
import { UserEntity } from './entities/user.entity';
import { AuthLogService } from './auth-log.service';
import type { ClientInfo } from '../../common/access/client-info';
import { RefreshTokenEntity } from './entities/refresh-token.entity';
import { SessionVersions } from './session-versions.service';
import { poolQuery, type PoolQuery } from '../../common/database/pool-query';
import { expiresAfter, hashToken, isExpired, newOpaqueToken } from './tokens';
import { openSuccessor, sealSuccessor } from './refresh-successor';
import { PendingDeletions } from './account/pending-deletions';

/**
 * What an access token (and a Bull Board pass) says: the user, their role, the session version it was issued at and,
 * for access tokens, the session (refresh-token family) it belongs to, so a change can end the account's other sessions.
 */
export interface AccessClaims { sub: string; role: Role; sv: number; sid?: string }

const QUEUES_AUDIENCE = 'cqa:queues';

/**
 * How long a verified account's good standing is reused by the token check (per API process). Every change the app makes
 * to an account's standing also bumps its session version, which is checked on every request; this delay applies only to
 * changes made directly in the database. It saves a database round trip on nearly every request.
 */
export const ACCOUNT_STANDING_TTL_MS = 5_000;
const ACCOUNT_STANDING_MAX_ENTRIES = 10_000;

/** How many rotations inside one grace window a presented token's successors are followed through (a reload loop, say). */
const MAX_SUCCESSOR_HOPS = 5;

/** A session as the controller needs it: the body, and the refresh token for the cookie. */
export interface IssuedSession { body: SessionResponse; refreshToken: string; refreshExpiresAt: Date }

/** The account an address names (null when none), and the key its attempts are counted under. */
export interface SignInCandidate { user: Pick<UserEntity, 'id' | 'passwordHash'> | null; key: AccountKey }

const PORTAL_NAME: Record<Role, 'Patient' | 'Expert' | 'Admin'> = { patient: 'Patient', expert: 'Expert', admin: 'Admin' };

let dummyHash: Promise<string> | undefined;
/** Checked against when the email is unknown, so the answer takes as long as for a wrong password. */
const dummyPasswordHash = (caller: GateCaller) => (dummyHash ??= passwordGate.hash(caller, newOpaqueToken()));

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
    private readonly versions: SessionVersions,
    private readonly pendingDeletions: PendingDeletions,
  ) {
    this.standingQuery = poolQuery(users.manager.connection);
  }

  /** The token check's one statement, straight on the pool (poolQuery). */
  private readonly standingQuery: PoolQuery;
  /** Accounts recently verified in good standing, by id (see ACCOUNT_STANDING_TTL_MS). */
  private readonly standing = new Map<string, { user: AuthenticatedUser; until: number }>();

  /**
   * The account a sign-in names, found as the database compares addresses (users.email's collation), so every spelling
   * of it is counted under the account's one key.
   */
  async signInCandidate(email: string): Promise<SignInCandidate> {
    const user = await this.users.findOne({ where: { email: email.toLowerCase() }, select: { id: true, passwordHash: true } });
    return { user, key: accountKeyOf(user, email) };
  }

  /**
   * The password step of sign-in (the LocalStrategy calls it, once the attempt is reserved): the account, once its
   * password, confirmed email, portal and approval check out. A second factor (TwoFactorSignIn.challengeIfNeeded) may
   * run before startSession.
   */
  async verifyCredentials(candidate: SignInCandidate, password: string, portal: Role, client: ClientInfo): Promise<UserEntity> {
    const { user } = candidate;
    const caller = { ip: client.ip, account: candidate.key };
    const matches = await passwordGate.verify(caller, user?.passwordHash ?? (await dummyPasswordHash(caller)), password);
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
    return account;
  }

  /** Starts a session once a second factor was verified, minutes after the password: the account is checked again. */
  async completeLogin(userId: string, client: ClientInfo): Promise<IssuedSession> {
    const account = await this.users.findOneBy({ id: userId });
    // Re-checked: the account may have been blocked, rejected or disabled since the password step.
    if (!account || !account.emailConfirmedAt || !mayHoldSession(account)) throw new ForbiddenException(Messages.errors.unableToLogin);
    return this.startSession(account, client);
  }

  /**
   * Opens a new session (a new refresh-token family) for an account that passed every sign-in step: password, form,
   * institution and second factor all end here, so this is where a sign-in cancels a pending deletion (issue 44).
   */
  async startSession(account: UserEntity, client: ClientInfo): Promise<IssuedSession> {
    const deletion = await this.pendingDeletions.onSignIn(account, client);
    // Erased while this sign-in was under way: its account is gone.
    if (deletion === 'erased') throw new ForbiddenException(Messages.errors.unableToLogin);
    await this.users.update({ id: account.id }, { lastSignInAt: new Date() });
    await this.authLog.record('login', account.id, client);
    const session = await this.issue(account, { familyId: randomUUID(), startedAt: new Date() }, client, await this.versions.current(account.id));
    if (deletion === 'cancelled') session.body.deletionCancelled = true;
    return session;
  }

  /** Checks a user's password (for changes that need it again, such as turning two-factor sign-in off). */
  async passwordMatches(userId: string, password: string, client: ClientInfo): Promise<boolean> {
    const user = await this.users.findOne({ where: { id: userId }, select: { id: true, passwordHash: true } });
    return !!user && (await passwordGate.verify({ ip: client.ip, account: userAccountKey(userId) }, user.passwordHash, password));
  }

  /** Spec section 4: a confirmed email first, then the portal of the account's role, then its approval. */
  private loginRefusal(account: UserEntity, portal: Role): HttpException | null {
    if (!account.emailConfirmedAt) return new ForbiddenException(Messages.validation.emailNotVerified);
    if (account.role !== portal) {
      return new ForbiddenException(portal === 'admin' ? Messages.portal.notAdmin : Messages.portal.usePortal(PORTAL_NAME[account.role]));
    }
    // A registration waiting for an admin keeps the spec's text and says what it waits for (issue 44).
    if (account.approvalStatus === ApprovalStatus.Pending && !account.isBlocked) {
      return new ForbiddenException({ message: Messages.errors.unableToLogin, detail: AuthTexts.registrationAwaitingApproval });
    }
    if (!mayHoldSession(account)) return new ForbiddenException(Messages.errors.unableToLogin);
    return null;
  }

  /**
   * Rotates the refresh token. A family has one live token at a time (issue 42, F-35; RFC 9700 §4.14.2): a revoked
   * token, or a rotated one presented outside the grace window or by another client, means theft, and the whole family
   * ends. Within the grace window the same client gets the successor that the first rotation issued (renewWithinGrace),
   * never a new branch: several tabs opened at once, or a reload that cut a refresh short, race for the one cookie.
   */
  async refresh(token: string | undefined, client: ClientInfo): Promise<IssuedSession> {
    const row = token ? await this.refreshTokens.findOneBy({ tokenHash: hashToken(token) }) : null;
    if (!token || !row) throw new UnauthorizedException(Messages.errors.noActiveSession);
    // The account's standing comes first (spec section 4: a rejected or disabled user restoring a session is told so),
    // even when rejecting it already revoked this token.
    const user = await this.users.findOneBy({ id: row.userId });
    if (!user || !user.emailConfirmedAt || !mayHoldSession(user)) {
      await this.revokeFamily(row.familyId);
      throw new ForbiddenException(Messages.errors.unableToAccess);
    }
    if (row.revokedAt) return this.refuseReuse(row);
    if (row.replacedBy) return this.renewWithinGrace(row, token, user, client);
    this.refuseExpired(row, user);
    // Read before the token is spent: with Redis down this fails (503) and the presented token still works afterwards.
    const sv = await this.versions.current(user.id);
    const successor = { id: randomUUID(), token: newOpaqueToken() };
    // The claim and the successor's row commit together: a concurrent refresh with the same token waits on the row lock,
    // then finds it rotated, with its successor sealed in it and that successor's row in place.
    const claimed = await this.refreshTokens.manager.transaction(async (tx) => {
      const update = await tx.update(
        RefreshTokenEntity,
        { id: row.id, replacedBy: IsNull(), revokedAt: IsNull() },
        { replacedBy: successor.id, rotatedAt: new Date(), successorSealed: sealSuccessor(token, row.id, successor.token) },
      );
      if (!update.affected) return false;
      await tx.insert(RefreshTokenEntity, this.tokenRow(user, { familyId: row.familyId, startedAt: row.sessionStartedAt }, client, successor));
      return true;
    });
    if (!claimed) {
      const now = await this.refreshTokens.findOneBy({ id: row.id });
      if (!now || now.revokedAt || !now.replacedBy) return this.refuseReuse(row);
      return this.renewWithinGrace(now, token, user, client);
    }
    return this.respond(user, row.familyId, sv, successor.token, this.refreshEnd(user, row.sessionStartedAt));
  }

  /**
   * A rotated token presented again. From the client it was issued to, within REFRESH_REUSE_GRACE_SECONDS of its
   * rotation, it is a race (tabs opened at once, an aborted page load): the client gets the successor the rotation
   * issued, or the family's newest token that successor led to in the meantime, never one of its own. Anything else is
   * reuse, and the family ends.
   */
  private async renewWithinGrace(row: RefreshTokenEntity, token: string, user: UserEntity, client: ClientInfo): Promise<IssuedSession> {
    const graceMs = this.config.refreshReuseGraceSeconds * 1000;
    const rotatedMsAgo = row.rotatedAt ? Date.now() - row.rotatedAt.getTime() : Infinity;
    const sameClient = row.userAgent !== null && row.userAgent === client.userAgent;
    if (!(rotatedMsAgo <= graceMs && sameClient)) return this.refuseReuse(row);
    this.refuseExpired(row, user);
    const newest = await this.newestSuccessor(row, token);
    if (!newest) throw new UnauthorizedException(Messages.errors.noActiveSession);
    const sv = await this.versions.current(user.id);
    return this.respond(user, row.familyId, sv, newest.token, newest.row.expiresAt);
  }

  /**
   * Follows a rotated token's sealed successors to the family's one live token. Null (nothing to hand out, and nothing
   * new minted) when a seal is gone or the family has ended.
   */
  private async newestSuccessor(row: RefreshTokenEntity, token: string): Promise<{ row: RefreshTokenEntity; token: string } | null> {
    let current = { row, token };
    for (let hop = 0; hop < MAX_SUCCESSOR_HOPS && current.row.replacedBy; hop++) {
      const next = openSuccessor(current.token, current.row.id, current.row.successorSealed);
      const nextRow = next ? await this.refreshTokens.findOneBy({ id: current.row.replacedBy }) : null;
      if (!next || !nextRow || nextRow.revokedAt) return null;
      current = { row: nextRow, token: next };
    }
    return current.row.replacedBy || isExpired(current.row.expiresAt) ? null : current;
  }

  private async refuseReuse(row: RefreshTokenEntity): Promise<never> {
    await this.revokeFamilyOnReuse(row);
    throw new UnauthorizedException(Messages.errors.noActiveSession);
  }

  private refuseExpired(row: RefreshTokenEntity, user: UserEntity): void {
    // expiresAt already holds the earlier of the idle limit and the absolute end; the second test covers a shortened limit.
    if (isExpired(row.expiresAt) || isExpired(this.absoluteEnd(user.role, row.sessionStartedAt))) {
      throw new UnauthorizedException(Messages.errors.noActiveSession);
    }
  }

  /** A rotated or revoked token came back: whoever holds the family's newer tokens may be a thief, so all of it ends now. */
  private async revokeFamilyOnReuse(row: RefreshTokenEntity): Promise<void> {
    await this.revokeFamily(row.familyId);
    await this.versions.bump(row.userId);
  }

  async logout(token: string | undefined): Promise<string | null> {
    const row = token ? await this.refreshTokens.findOneBy({ tokenHash: hashToken(token) }) : null;
    if (!row) return null;
    await this.revokeFamily(row.familyId);
    // Ends this user's access tokens everywhere at once; other devices renew theirs from their own refresh cookie.
    await this.versions.bump(row.userId);
    return row.userId;
  }

  /** Ends every session of the user at once: refresh tokens revoked, access tokens and Bull Board passes refused. */
  async revokeAllOf(userId: string): Promise<void> {
    await this.refreshTokens.update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
    await this.versions.bump(userId);
  }

  /**
   * A change of the account's second factor: every other session ends (its refresh tokens revoked, every access token
   * refused through the session version). The session named by `keepFamilyId` (the owner's own) keeps its refresh
   * token, so its next call renews its access token.
   */
  async endOtherSessions(userId: string, keepFamilyId: string | null): Promise<void> {
    if (!keepFamilyId) return this.revokeAllOf(userId);
    await this.refreshTokens.update({ userId, familyId: Not(keepFamilyId), revokedAt: IsNull() }, { revokedAt: new Date() });
    await this.versions.bump(userId);
  }

  /**
   * Ends one of the user's sessions (the account page's list): its refresh tokens revoked, and every access token
   * refused through the session version; the user's other sessions renew theirs with their refresh tokens at once.
   * False when the user has no such live session.
   */
  async endSessionOf(userId: string, familyId: string): Promise<boolean> {
    const result = await this.refreshTokens.update({ userId, familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
    if (!result.affected) return false;
    await this.versions.bump(userId);
    return true;
  }

  /** The session (refresh-token family) a refresh token belongs to, or null for an unknown token. */
  async familyOfToken(token: string): Promise<string | null> {
    const [row] = (await this.refreshTokens.query('SELECT family_id FROM refresh_tokens WHERE token_hash = ?', [hashToken(token)])) as { family_id: string }[];
    return row?.family_id ?? null;
  }

  /** The session (refresh-token family) of the request's bearer token, already verified by the AccessGuard. */
  sessionOf(request: { headers: Record<string, string | string[] | undefined> }): string | null {
    const header = request.headers.authorization;
    const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
    const claims = token ? this.jwt.decode<Partial<AccessClaims> | null>(token) : null;
    return typeof claims?.sid === 'string' ? claims.sid : null;
  }

  /**
   * The caller of a verified access token (the JwtStrategy has checked its signature and expiry), or the reason it is
   * refused: another audience, a session version that was bumped, an account that may no longer hold a session.
   * The session version is read from Redis on every request, so every revocation (logout, blocking, rejection, password
   * reset) takes effect at once. The account's standing is read from the database and, when good, remembered for
   * ACCOUNT_STANDING_TTL_MS: a change made behind the app's back (a SQL UPDATE) takes effect within that time.
   */
  async authenticate(claims: AccessClaims & { aud?: unknown }): Promise<AuthenticatedUser> {
    // Access tokens carry no audience; a token minted for another audience (a Bull Board pass) opens no API route.
    if (claims.aud !== undefined || typeof claims.sub !== 'string') throw new UnauthorizedException(Messages.platform.signInRequired);
    const known = this.standing.get(claims.sub);
    const fresh = known !== undefined && known.until > Date.now();
    const [version, standing] = await Promise.all([this.versions.current(claims.sub), fresh ? known.user : this.standingOf(claims.sub)]);
    // A revoked session says so (401) before anything about the account.
    if (claims.sv !== version) throw new UnauthorizedException(Messages.platform.signInRequired);
    if (standing instanceof HttpException) throw standing;
    if (!fresh) this.remember(standing);
    return standing;
  }

  /** The account as the token check needs it, or why it is refused (401 gone, 403 may not hold a session). */
  private async standingOf(id: string): Promise<AuthenticatedUser | HttpException> {
    // A plain statement with the five columns it needs: the repository's query building and entity hydration cost a fifth
    // of a cheap route's throughput.
    const [user] = (await this.standingQuery('SELECT id, role, email_confirmed_at, approval_status, is_blocked FROM users WHERE id = ?', [id])) as {
      id: string; role: Role; email_confirmed_at: Date | null; approval_status: ApprovalStatus; is_blocked: number | boolean;
    }[];
    if (!user) return new UnauthorizedException(Messages.platform.signInRequired);
    const account = { approvalStatus: user.approval_status, isBlocked: Boolean(user.is_blocked) };
    if (!user.email_confirmed_at || !mayHoldSession(account)) return new ForbiddenException(Messages.errors.unableToAccess);
    return { id: user.id, role: user.role };
  }

  /** Only good standing is remembered (a refused account is read again on its next request); bounded, oldest out first. */
  private remember(user: AuthenticatedUser): void {
    this.standing.delete(user.id);
    if (this.standing.size >= ACCOUNT_STANDING_MAX_ENTRIES) this.standing.delete(this.standing.keys().next().value!);
    this.standing.set(user.id, { user, until: Date.now() + ACCOUNT_STANDING_TTL_MS });
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
    const sv = await this.versions.current(user.id);
    return this.jwt.signAsync({ sub: user.id, role: user.role, sv } satisfies AccessClaims, {
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
    if (claims.sv !== (await this.versions.current(claims.sub))) return 'anonymous';
    const user = await this.users.findOneBy({ id: claims.sub });
    if (!user || !user.emailConfirmedAt || !mayHoldSession(user)) return 'anonymous';
    return user.role === 'admin' ? 'ok' : 'forbidden';
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.refreshTokens.update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** Staff (experts, admins) can read every patient's health data: their sessions are shorter. */
  private limitsOf(role: Role): SessionLimits {
    return role === 'patient' ? this.config.sessions.patient : this.config.sessions.staff;
  }

  private absoluteEnd(role: Role, startedAt: Date): Date {
    return expiresAfter(this.limitsOf(role).maxMs, startedAt);
  }

  /** A refresh token's idle end, never past the session's absolute end. */
  private refreshEnd(user: UserEntity, startedAt: Date): Date {
    const idleEnd = expiresAfter(this.limitsOf(user.role).idleMs);
    const absoluteEnd = this.absoluteEnd(user.role, startedAt);
    return idleEnd < absoluteEnd ? idleEnd : absoluteEnd;
  }

  private tokenRow(
    user: UserEntity, session: { familyId: string; startedAt: Date }, client: ClientInfo, token: { id: string; token: string },
  ): Partial<RefreshTokenEntity> {
    return {
      id: token.id, userId: user.id, familyId: session.familyId, sessionStartedAt: session.startedAt, tokenHash: hashToken(token.token),
      expiresAt: this.refreshEnd(user, session.startedAt), userAgent: client.userAgent,
    };
  }

  /** A new family's first token (a sign-in). */
  private async issue(user: UserEntity, session: { familyId: string; startedAt: Date }, client: ClientInfo, sv: number): Promise<IssuedSession> {
    const token = { id: randomUUID(), token: newOpaqueToken() };
    const row = this.tokenRow(user, session, client, token);
    await this.refreshTokens.insert(row);
    return this.respond(user, session.familyId, sv, token.token, row.expiresAt!);
  }

  private async respond(user: UserEntity, familyId: string, sv: number, refreshToken: string, refreshExpiresAt: Date): Promise<IssuedSession> {
    const accessToken = await this.jwt.signAsync({ sub: user.id, role: user.role, sv, sid: familyId } satisfies AccessClaims, {
      expiresIn: this.config.accessTokenTtlSeconds, algorithm: 'HS256',
    });
    return { body: { user: await this.authUser(user), accessToken, expiresIn: this.config.accessTokenTtlSeconds }, refreshToken, refreshExpiresAt };
  }
}
