import { ExecutionContext, ForbiddenException, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { loadConfig } from '../../config/app-config';
import { ACCESS_KEY, AccessRule } from './access.decorator';
import { AccessGuard } from './access.guard';

function contextWith(rule: AccessRule | undefined, user?: { id: string; role: string }): ExecutionContext {
  const handler = () => undefined;
  if (rule) Reflect.defineMetadata(ACCESS_KEY, rule, handler);
  return {
    getHandler: () => handler,
    getClass: () => class {},
    switchToHttp: () => ({ getRequest: () => ({ user }) }),
  } as unknown as ExecutionContext;
}

describe('AccessGuard', () => {
  const dev = new AccessGuard(new Reflector(), loadConfig({ NODE_ENV: 'development' }));
  const prod = new AccessGuard(new Reflector(), loadConfig({ NODE_ENV: 'production' }));

  it('refuses a route that declares nobody (deny by default)', () => {
    expect(() => dev.canActivate(contextWith(undefined))).toThrow(ForbiddenException);
  });

  it('lets anyone call a public route', () => {
    expect(dev.canActivate(contextWith({ kind: 'public' }))).toBe(true);
  });

  it('hides dev-only routes in production', () => {
    expect(dev.canActivate(contextWith({ kind: 'dev-only' }))).toBe(true);
    expect(() => prod.canActivate(contextWith({ kind: 'dev-only' }))).toThrow(NotFoundException);
  });

  it('asks anonymous callers to sign in and refuses the wrong role', () => {
    const rule: AccessRule = { kind: 'roles', roles: ['admin'] };
    expect(() => dev.canActivate(contextWith(rule))).toThrow(UnauthorizedException);
    expect(() => dev.canActivate(contextWith(rule, { id: 'u', role: 'patient' }))).toThrow(ForbiddenException);
    expect(dev.canActivate(contextWith(rule, { id: 'u', role: 'admin' }))).toBe(true);
  });
});
