import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Role } from '@cqa/contracts';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { ACCESS_KEY, AccessRule, DEV_ONLY_ROLES } from './access.decorator';

export interface AuthenticatedUser { id: string; role: Role }

/**
 * Turns the request's credentials into the caller, or throws 401/403/503. The accounts module provides it: passport's
 * JWT strategy (signature, expiry, session version, the account's standing).
 */
export abstract class RequestAuthenticator {
  abstract authenticate(context: ExecutionContext): Promise<AuthenticatedUser>;
}

interface GuardedRequest { user?: AuthenticatedUser }

/** Applied to every route: deny by default, and on @Roles routes authenticate the caller and check the role. */
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
        return this.requireRole(context, DEV_ONLY_ROLES);
      case 'roles':
        return this.requireRole(context, rule.roles);
    }
  }

  private async requireRole(context: ExecutionContext, roles: Role[]): Promise<true> {
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    const user = await this.authenticator.authenticate(context);
    request.user = { id: user.id, role: user.role };
    if (!roles.includes(user.role)) throw new ForbiddenException();
    return true;
  }
}
