import { ExecutionContext, ForbiddenException, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { loadConfig } from '../../config/app-config';
import { ACCESS_KEY, AccessRule } from './access.decorator';
import { AccessGuard, AuthenticatedUser, RequestAuthenticator } from './access.guard';

const USERS: Record<string, AuthenticatedUser> = { 'patient-token': { id: 'p', role: 'patient' }, 'admin-token': { id: 'a', role: 'admin' } };

class FakeAuthenticator extends RequestAuthenticator {
  async authenticate(context: ExecutionContext): Promise<AuthenticatedUser> {
    const header = context.switchToHttp().getRequest<{ headers: { authorization?: string } }>().headers.authorization ?? '';
    const token = /^Bearer (\S+)$/.exec(header)?.[1] ?? '';
    if (token === 'blocked-token') throw new ForbiddenException('blocked');
    const user = USERS[token];
    if (!user) throw new UnauthorizedException();
    return user;
  }
}

function contextWith(rule: AccessRule | undefined, authorization?: string): { context: ExecutionContext; request: { headers: object; user?: AuthenticatedUser } } {
  const handler = () => undefined;
  if (rule) Reflect.defineMetadata(ACCESS_KEY, rule, handler);
  const request = { headers: authorization ? { authorization } : {} } as { headers: object; user?: AuthenticatedUser };
  const context = {
    getHandler: () => handler,
    getClass: () => class {},
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  return { context, request };
}

describe('AccessGuard', () => {
  const dev = new AccessGuard(new Reflector(), loadConfig({ NODE_ENV: 'development' }), new FakeAuthenticator());
  const prod = new AccessGuard(new Reflector(), loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), TWO_FACTOR_ENCRYPTION_KEY: '0123456789abcdef'.repeat(4) }), new FakeAuthenticator());

  it('refuses a route that declares nobody (deny by default)', async () => {
    await expect(dev.canActivate(contextWith(undefined, 'Bearer admin-token').context)).rejects.toThrow(ForbiddenException);
  });

  it('lets anyone call a public route', async () => {
    await expect(dev.canActivate(contextWith({ kind: 'public' }).context)).resolves.toBe(true);
  });

  it('hides dev-only routes in production and opens them only to a signed-in admin elsewhere', async () => {
    await expect(dev.canActivate(contextWith({ kind: 'dev-only' }).context)).rejects.toThrow(UnauthorizedException);
    await expect(dev.canActivate(contextWith({ kind: 'dev-only' }, 'Bearer patient-token').context)).rejects.toThrow(ForbiddenException);
    await expect(dev.canActivate(contextWith({ kind: 'dev-only' }, 'Bearer admin-token').context)).resolves.toBe(true);
    await expect(prod.canActivate(contextWith({ kind: 'dev-only' }).context)).rejects.toThrow(NotFoundException);
    await expect(prod.canActivate(contextWith({ kind: 'dev-only' }, 'Bearer admin-token').context)).rejects.toThrow(NotFoundException);
  });

  it('asks anonymous callers and bad tokens to sign in, and refuses the wrong role', async () => {
    const rule: AccessRule = { kind: 'roles', roles: ['admin'] };
    await expect(dev.canActivate(contextWith(rule).context)).rejects.toThrow(UnauthorizedException);
    await expect(dev.canActivate(contextWith(rule, 'admin-token').context)).rejects.toThrow(UnauthorizedException);
    await expect(dev.canActivate(contextWith(rule, 'Bearer forged').context)).rejects.toThrow(UnauthorizedException);
    await expect(dev.canActivate(contextWith(rule, 'Bearer blocked-token').context)).rejects.toThrow(ForbiddenException);
    await expect(dev.canActivate(contextWith(rule, 'Bearer patient-token').context)).rejects.toThrow(ForbiddenException);
    const { context, request } = contextWith(rule, 'Bearer admin-token');
    await expect(dev.canActivate(context)).resolves.toBe(true);
    expect(request.user).toEqual({ id: 'a', role: 'admin' });
  });
});
