import { ExecutionContext, Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import { RequestAuthenticator } from '../../../common/access/access.guard';
import { JwtStrategy } from './jwt.strategy';
import { strategyRunner } from './run-strategy';

/** The AccessGuard's authenticator: passport's 'jwt' strategy (JwtStrategy) yields the caller or throws. */
@Injectable()
export class JwtAuthenticator extends RequestAuthenticator {
  private readonly run: (request: object, reply: object) => Promise<AuthenticatedUser>;

  constructor(strategy: JwtStrategy) {
    super();
    this.run = strategyRunner('jwt', strategy);
  }

  authenticate(context: ExecutionContext): Promise<AuthenticatedUser> {
    const http = context.switchToHttp();
    return this.run(http.getRequest(), http.getResponse());
  }
}
