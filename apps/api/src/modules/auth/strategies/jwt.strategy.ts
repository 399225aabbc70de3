import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { AccessClaims, SessionService } from '../session.service';

/**
 * The bearer access token: passport-jwt checks the signature (HS256 only) and expiry, then the session service checks
 * the audience, the session version (one Redis GET) and the account's standing.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(APP_CONFIG) config: AppConfig, private readonly sessions: SessionService) {
    // A key object, not the string: see AuthModule's JwtModule.
    const key = createSecretKey(Buffer.from(config.jwtSecret));
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // jsonwebtoken takes a KeyObject; passport-jwt's types name only strings and buffers.
      secretOrKeyProvider: (_request, _token, done) => done(null, key as unknown as Buffer),
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(claims: AccessClaims & { aud?: unknown }): Promise<AuthenticatedUser> {
    return this.sessions.authenticate(claims);
  }
}
