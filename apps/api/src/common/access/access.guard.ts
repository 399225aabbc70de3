import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Role } from '@cqa/contracts';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { ACCESS_KEY, AccessRule } from './access.decorator';

export interface AuthenticatedUser { id: string; role: Role }

/** Applied to every route. The accounts issue sets request.user from the access token; until then nobody holds a role. */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    if (!rule) throw new ForbiddenException();
    switch (rule.kind) {
      case 'public':
        return true;
      case 'dev-only':
        if (this.config.isProduction) throw new NotFoundException();
        return true;
      case 'roles': {
        const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
        if (!user) throw new UnauthorizedException();
        if (!rule.roles.includes(user.role)) throw new ForbiddenException();
        return true;
      }
    }
  }
}
