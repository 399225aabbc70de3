import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Role } from '@cqa/contracts';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-local';
import { clientInfoOf } from '../../../common/access/client-info';
import { AuthThrottle } from '../auth-throttle.service';
import type { UserEntity } from '../entities/user.entity';
import { SessionService } from '../session.service';

/**
 * Password sign-in: refused while the address or the account has too many recent failures; a failure counts against
 * both, a success clears the account's count. Yields the verified account; the route (or a second factor) goes on.
 * The body was validated as a LoginDto by LocalAuthGuard first.
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly sessions: SessionService, private readonly throttle: AuthThrottle) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true });
  }

  async validate(request: FastifyRequest, email: string, password: string): Promise<UserEntity> {
    const client = clientInfoOf(request);
    await this.throttle.refuseLockedSignIn(client.ip, email);
    const portal = (request.body as { role: Role }).role;
    try {
      const user = await this.sessions.verifyCredentials(email, password, portal, client);
      await this.throttle.signInSucceeded(email);
      return user;
    } catch (error) {
      await this.throttle.signInFailed(client.ip, email);
      throw error;
    }
  }
}
