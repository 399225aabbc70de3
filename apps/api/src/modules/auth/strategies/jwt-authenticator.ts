import { ExecutionContext, Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import { RequestAuthenticator } from '../../../common/access/access.guard';
import { bearerToken, JwtStrategy } from './jwt.strategy';
import { strategyRunner } from './run-strategy';

/**
 * The AccessGuard's authenticator: passport's 'jwt' strategy (JwtStrategy) yields the caller or throws; a token the
 * strategy has verified before skips passport's signature check (JwtStrategy.fromVerified), not the rest.
 */
@Injectable()
export class JwtAuthenticator extends RequestAuthenticator {
  private readonly run: (request: object, reply: object) => Promise<AuthenticatedUser>;

  constructor(private readonly strategy: JwtStrategy) {
    super();
    this.run = strategyRunner('jwt', strategy);
  }

  authenticate(context: ExecutionContext): Promise<AuthenticatedUser> {
    const http = context.switchToHttp();
    const request = http.getRequest();
    const token = bearerToken(request);
    return (token ? this.strategy.fromVerified(token) : null) ?? this.run(request, http.getResponse());
  }
}
