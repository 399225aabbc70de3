import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Role } from '@cqa/contracts';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { ACCESS_KEY, AccessRule } from './access.decorator';

export interface AuthenticatedUser { id: string; role: Role }

/** Turns a bearer access token into the caller, or throws 401/403 (the accounts module provides it). */
export abstract class RequestAuthenticator {
  abstract authenticate(accessToken: string): Promise<AuthenticatedUser>;
}

interface GuardedRequest { headers: Record<string, string | string[] | undefined>; user?: AuthenticatedUser }

/** Applied to every route: deny by default, and on @Roles routes authenticate the bearer token and check the role. */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly authenticator: RequestAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    if (!rule) throw new ForbiddenException();
    switch (rule.kind) {
      case 'public':
        return true;
      case 'dev-only':
        if (this.config.isProduction) throw new NotFoundException();
        return true;
      case 'roles': {
        const request = context.switchToHttp().getRequest<GuardedRequest>();
        const token = bearerToken(request.headers.authorization);
        if (!token) throw new UnauthorizedException();
        const user = await this.authenticator.authenticate(token);
        request.user = { id: user.id, role: user.role };
        if (!rule.roles.includes(user.role)) throw new ForbiddenException();
        return true;
      }
    }
  }
}

function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^Bearer\s+(\S+)$/i.exec(value ?? '');
  return match ? match[1]! : null;
}
