import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension } from '@nestjs/swagger';
import { Role } from '@cqa/contracts';

export const ACCESS_KEY = 'cqa:access';

/**
 * Who may call a route. Every handler declares one; a handler without a declaration is refused (deny by default).
 * - public: anyone, signed in or not.
 * - dev-only: anyone, but the route does not exist in production (diagnostics until the accounts work makes them admin-only).
 * - roles: a signed-in user holding one of the roles.
 */
export type AccessRule = { kind: 'public' } | { kind: 'dev-only' } | { kind: 'roles'; roles: Role[] };

export const Public = () => applyDecorators(SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies AccessRule), ApiExtension('x-access', 'public'));
export const DevOnly = () => applyDecorators(SetMetadata(ACCESS_KEY, { kind: 'dev-only' } satisfies AccessRule), ApiExtension('x-access', 'dev-only'));
export const Roles = (...roles: [Role, ...Role[]]) =>
  applyDecorators(SetMetadata(ACCESS_KEY, { kind: 'roles', roles } satisfies AccessRule), ApiExtension('x-access', roles.join(',')), ApiBearerAuth());
