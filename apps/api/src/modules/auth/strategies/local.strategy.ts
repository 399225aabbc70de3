import { HttpException, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Role } from '@cqa/contracts';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-local';
import { ClientInfo, clientInfoOf } from '../../../common/access/client-info';
import { AuthThrottle } from '../auth-throttle.service';
import type { UserEntity } from '../entities/user.entity';
import { SessionService } from '../session.service';

/**
 * Password sign-in: a failure is reserved against the client address and the account before the password is checked
 * (429 when either has too many); a failure keeps it, a success gives the address its one back and clears the
 * account's count. The account is looked up first, so every spelling of its address counts against it (AccountKey). Yields the verified account; the route (or a second factor) goes on. The body was validated as a LoginDto by LocalAuthGuard first.
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly sessions: SessionService, private readonly throttle: AuthThrottle) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true });
  }

  validate(request: FastifyRequest, email: string, password: string): Promise<UserEntity> {
    return this.verify(clientInfoOf(request), email, password, (request.body as { role: Role }).role);
  }

  /** The password step itself, also run by the sign-in form (AuthFormController) on its validated fields. */
  async verify(client: ClientInfo, email: string, password: string, portal: Role): Promise<UserEntity> {
    const candidate = await this.sessions.signInCandidate(email);
    await this.throttle.reserveSignIn(client.ip, candidate.key);
    try {
      const user = await this.sessions.verifyCredentials(candidate, password, portal, client);
      await this.throttle.signInSucceeded(client.ip, candidate.key);
      return user;
    } catch (error) {
      // A refusal (wrong password, unconfirmed email, wrong portal, not approved) keeps its reservation: it is a failure.
      if (!(error instanceof HttpException)) await this.throttle.signInNotCounted(client.ip, candidate.key).catch(() => undefined);
      throw error;
    }
  }
}
