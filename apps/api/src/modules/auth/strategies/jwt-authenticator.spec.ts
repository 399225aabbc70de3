import { UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { sign } from 'jsonwebtoken';
import { Strategy } from 'passport-jwt';
import type { AppConfig } from '../../../config/app-config';
import type { SessionService } from '../session.service';
import { JwtAuthenticator } from './jwt-authenticator';
import { JwtStrategy } from './jwt.strategy';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256-000000';
const contextFor = (authorization: string): ExecutionContext =>
  ({ switchToHttp: () => ({ getRequest: () => ({ headers: { authorization } }), getResponse: () => ({}) }) }) as unknown as ExecutionContext;

describe('JwtAuthenticator with remembered signatures', () => {
  let authenticate: jest.Mock;
  let authenticator: JwtAuthenticator;
  let verifications: jest.SpyInstance;
  beforeEach(() => {
    authenticate = jest.fn(async (claims: { sub: string }) => ({ id: claims.sub, role: 'patient' }));
    const strategy = new JwtStrategy({ jwtSecret: SECRET } as AppConfig, { authenticate } as unknown as SessionService);
    authenticator = new JwtAuthenticator(strategy);
    verifications = jest.spyOn(Strategy as unknown as { JwtVerifier: (...args: unknown[]) => void }, 'JwtVerifier');
  });
  afterEach(() => jest.restoreAllMocks());

  const token = (claims: object, options: object = { expiresIn: 60 }) => sign({ role: 'patient', sv: 0, ...claims }, SECRET, { algorithm: 'HS256', ...options });

  it("checks a token's signature once, and the session on every request", async () => {
    const t = token({ sub: 'u1' });
    for (let i = 0; i < 3; i++) expect(await authenticator.authenticate(contextFor(`Bearer ${t}`))).toEqual({ id: 'u1', role: 'patient' });
    expect(verifications).toHaveBeenCalledTimes(1);
    expect(authenticate).toHaveBeenCalledTimes(3);
  });

  it('refuses a remembered token once it has expired, as jsonwebtoken does (whole seconds)', async () => {
    const t = token({ sub: 'u1' }, { expiresIn: 2 });
    await authenticator.authenticate(contextFor(`Bearer ${t}`));
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue((Math.floor(now / 1000) + 2) * 1000);
    await expect(authenticator.authenticate(contextFor(`Bearer ${t}`))).rejects.toBeInstanceOf(UnauthorizedException);
    expect(authenticate).toHaveBeenCalledTimes(1);
  });

  it('refuses a token altered in any way, a token signed with another key and a token of another algorithm', async () => {
    const t = token({ sub: 'u1' });
    await authenticator.authenticate(contextFor(`Bearer ${t}`));
    const [header, payload] = t.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'admin', role: 'admin', sv: 0, exp: 9999999999 })).toString('base64url')}.${t.split('.')[2]}`;
    expect(payload).toBeDefined();
    await expect(authenticator.authenticate(contextFor(`Bearer ${forged}`))).rejects.toBeInstanceOf(UnauthorizedException);
    await expect(authenticator.authenticate(contextFor(`Bearer ${sign({ sub: 'u2', sv: 0 }, 'another-secret-another-secret-another-secret', { expiresIn: 60 })}`))).rejects.toBeInstanceOf(UnauthorizedException);
    await expect(authenticator.authenticate(contextFor(`Bearer ${sign({ sub: 'u3', sv: 0 }, SECRET, { algorithm: 'HS512', expiresIn: 60 })}`))).rejects.toBeInstanceOf(UnauthorizedException);
    expect(authenticate).toHaveBeenCalledTimes(1);
  });
});
