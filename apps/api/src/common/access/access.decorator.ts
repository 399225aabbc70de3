import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension } from '@nestjs/swagger';
import { Role } from '@cqa/contracts';

export const ACCESS_KEY = 'cqa:access';

/**
 * Who may call a route. Every handler declares one; a handler without a declaration is refused (deny by default).
 * - public: anyone, signed in or not.
 * - dev-only: a signed-in admin, and the route does not exist in production (it answers 404 there, whoever asks).
 * - roles: a signed-in user holding one of the roles.
 */
export type AccessRule = { kind: 'public' } | { kind: 'dev-only' } | { kind: 'roles'; roles: Role[] };

const DEV_ONLY_ROLES: Role[] = ['admin'];

export const Public = () => applyDecorators(SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies AccessRule), ApiExtension('x-access', 'public'));
/** Published as x-access 'admin' (plus x-dev-only) so the route-access test holds it to the admin rule like any other route. */
export const DevOnly = () =>
  applyDecorators(SetMetadata(ACCESS_KEY, { kind: 'dev-only' } satisfies AccessRule), ApiExtension('x-access', DEV_ONLY_ROLES.join(',')), ApiExtension('x-dev-only', true), ApiBearerAuth());
export { DEV_ONLY_ROLES };
export const Roles = (...roles: [Role, ...Role[]]) =>
  applyDecorators(SetMetadata(ACCESS_KEY, { kind: 'roles', roles } satisfies AccessRule), ApiExtension('x-access', roles.join(',')), ApiBearerAuth());
