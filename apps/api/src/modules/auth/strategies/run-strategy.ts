import { UnauthorizedException } from '@nestjs/common';
import { Messages } from '@cqa/contracts';
import { Passport } from 'passport';
import type { Strategy } from 'passport';

/**
 * Runs one passport strategy on a request, without sessions. Each strategy gets a Passport instance of its own app:
 * @nestjs/passport's AuthGuard reads the process-wide registry, where the last app built (tests build several in one
 * process) would answer for all of them.
 */
export function strategyRunner<T>(name: string, strategy: Strategy): (request: object, reply: object) => Promise<T> {
  const passport = new Passport();
  passport.use(name, strategy);
  return (request, reply) =>
    new Promise<T>((resolve, reject) => {
      const middleware = passport.authenticate(name, { session: false }, (error: unknown, user: T | false) => {
        if (error) reject(error);
        else if (!user) reject(new UnauthorizedException(Messages.platform.signInRequired));
        else resolve(user);
      }) as (req: object, res: object, next: (error?: unknown) => void) => void;
      middleware(request, reply, (error) => reject(error ?? new UnauthorizedException(Messages.platform.signInRequired)));
    });
}
