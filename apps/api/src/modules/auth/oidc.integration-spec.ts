import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import {
  ApiErrorBody, AuthConfigResponse, AuthTexts, OIDC_ERROR_PARAM, SessionResponse, TwoFactorEnabledResponse, TwoFactorEnrolledSessionResponse,
  TwoFactorPaths, TwoFactorSetupResponse, TwoFactorTexts,
} from '@cqa/contracts';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, refreshCookie, signIn, TEST_PASSWORD, TestUser, uniqueEmail } from '../../../test/accounts-helpers';
import { freePort } from '../../../test/private-redis';
import { base32Decode, hotp, totpStep } from './two-factor/totp';

const PUBLIC_URL = 'http://cqa.test:8080';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/oidc/callback`;

/**
 * Issue 15.10: "Sign in with your institution" against a real OpenID Connect provider (the oidc-provider package, run as
 * a process of this test on a free port): authorization code flow with PKCE, state and nonce, end to end through our callback.
 */
describe('OpenID Connect sign-in (local oidc-provider)', () => {
  let provider: ChildProcess;
  let issuer: string;
  let api: RunningApi;
  let plain: RunningApi;
  let expert: TestUser;
  let patient: TestUser;
  let expertWithTotp: TestUser;
  let admin: TestUser;
  const unknownEmail = uniqueEmail('nobody');

  beforeAll(async () => {
    expert = { id: '', email: uniqueEmail('sso-expert'), role: 'expert' };
    patient = { id: '', email: uniqueEmail('sso-patient'), role: 'patient' };
    expertWithTotp = { id: '', email: uniqueEmail('sso-totp-expert'), role: 'expert' };
    admin = { id: '', email: uniqueEmail('sso-admin'), role: 'admin' };
    const port = await freePort();
    const accounts = {
      verified: { email: expert.email.toUpperCase(), email_verified: true },
      unverified: { email: expert.email, email_verified: false },
      stranger: { email: unknownEmail, email_verified: true },
      patient: { email: patient.email, email_verified: true },
      totp: { email: expertWithTotp.email, email_verified: true },
      admin: { email: admin.email, email_verified: true },
    };
    provider = spawn(process.execPath, [path.join(__dirname, '../../../test/oidc-provider.mjs')], {
      env: {
        ...process.env, OIDC_TEST_PORT: String(port), OIDC_TEST_ACCOUNTS: JSON.stringify(accounts),
        OIDC_TEST_CLIENT_ID: 'cqa', OIDC_TEST_CLIENT_SECRET: 'cqa-test-secret', OIDC_TEST_REDIRECT_URI: REDIRECT_URI,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    issuer = await new Promise<string>((resolve, reject) => {
      provider.stdout!.on('data', (chunk: Buffer) => { const m = /ready (\S+)/.exec(chunk.toString()); if (m) resolve(m[1]!); });
      provider.once('exit', (code) => reject(new Error(`oidc-provider exited with ${code}`)));
    });
    api = await startApi({
      PUBLIC_URL, OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'cqa', OIDC_CLIENT_SECRET: 'cqa-test-secret', TWO_FACTOR_REQUIRED_FOR_ADMINS: 'true',
    });
    plain = await startApi({ PUBLIC_URL });
    expert = { ...expert, ...(await createUserWithEmail(api, 'expert', expert.email)) };
    patient = { ...patient, ...(await createUserWithEmail(api, 'patient', patient.email)) };
    expertWithTotp = { ...expertWithTotp, ...(await createUserWithEmail(api, 'expert', expertWithTotp.email)) };
    admin = { ...admin, ...(await createUserWithEmail(api, 'admin', admin.email)) };
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await plain?.close();
    provider?.kill('SIGTERM');
  });

  async function createUserWithEmail(on: RunningApi, role: 'expert' | 'patient' | 'admin', email: string): Promise<TestUser> {
    const user = await createUser(on, role);
    await on.app.get((await import('typeorm')).DataSource).query('UPDATE users SET email = ? WHERE id = ?', [email, user.id]);
    return { ...user, email };
  }

  /** Plays the browser: our start route, the provider's login form (any password), its redirects, then our callback. */
  async function signInAs(login: string, portal = 'expert'): Promise<{ location: string; setCookie: string[] }> {
    const start = await fetch(`${api.baseUrl}/api/auth/oidc/start?portal=${portal}`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const stateCookie = start.headers.getSetCookie().find((c) => c.startsWith('cqa_oidc='))!;
    expect(stateCookie).toMatch(/HttpOnly/i);
    expect(stateCookie).toMatch(/SameSite=Lax/i);
    const authUrl = new URL(start.headers.get('location')!);
    expect(authUrl.origin).toBe(issuer);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('state')).toBeTruthy();
    expect(authUrl.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);

    const jar = new Map<string, string>();
    const remember = (res: Response) => {
      for (const c of res.headers.getSetCookie()) { const [pair] = c.split(';'); const i = pair!.indexOf('='); jar.set(pair!.slice(0, i), pair!.slice(i + 1)); }
    };
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let next = authUrl.href;
    for (let hop = 0; hop < 10; hop++) {
      if (next.startsWith(REDIRECT_URI)) break;
      const res = await fetch(next, { redirect: 'manual', headers: { cookie: cookieHeader() } });
      remember(res);
      if (res.status === 200 && /name="login"/.test(await res.text())) {
        const form = await fetch(next, {
          method: 'POST', redirect: 'manual', headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'login', login, password: 'any' }),
        });
        remember(form);
        next = new URL(form.headers.get('location')!, issuer).href;
        continue;
      }
      expect([302, 303]).toContain(res.status);
      next = new URL(res.headers.get('location')!, issuer).href;
    }
    expect(next.startsWith(REDIRECT_URI)).toBe(true);
    const back = new URL(next);
    expect(back.searchParams.get('code')).toBeTruthy();
    const callback = await fetch(`${api.baseUrl}/api/auth/oidc/callback${back.search}`, {
      redirect: 'manual', headers: { cookie: stateCookie.split(';')[0]!, 'sec-fetch-site': 'cross-site' },
    });
    expect(callback.status).toBe(302);
    return { location: callback.headers.get('location')!, setCookie: callback.headers.getSetCookie() };
  }

  const refreshPair = (setCookie: string[]) => setCookie.find((c) => c.startsWith('__Host-cqa_refresh=') && !c.startsWith('__Host-cqa_refresh=;'))?.split(';')[0];
  const challengeCookieOf = (setCookie: string[]) => setCookie.find((c) => c.startsWith('cqa_2fa=') && !c.startsWith('cqa_2fa=;'));
  const error = (result: { body: unknown }) => (result.body as ApiErrorBody).message;
  /** A code of a step after the one enrolment used (a code works once), or one that matches no step in the window. */
  const nextCode = (secret: string) => hotp(base32Decode(secret), totpStep(Date.now()) + 1);
  const wrongCode = (secret: string) => {
    const window = [-1, 0, 1, 2].map((d) => hotp(base32Decode(secret), totpStep(Date.now()) + d));
    return ['000000', '111111', '222222', '333333', '444444'].find((code) => !window.includes(code))!;
  };

  it('tells the login pages whether institution sign-in is configured; unconfigured, its routes do not exist', async () => {
    expect((await call<AuthConfigResponse>(api, 'GET', '/api/auth/config')).body).toEqual({ institutionSignIn: true, accountDeletionGraceDays: 14 });
    expect((await call<AuthConfigResponse>(plain, 'GET', '/api/auth/config')).body).toEqual({ institutionSignIn: false, accountDeletionGraceDays: 14 });
    expect((await fetch(`${plain.baseUrl}/api/auth/oidc/start?portal=expert`, { redirect: 'manual' })).status).toBe(404);
  });

  it('signs an approved expert in by verified email: a session opens and the browser lands in the expert portal', async () => {
    const { location, setCookie } = await signInAs('verified');
    expect(location).toBe('/expert/questions');
    expect(challengeCookieOf(setCookie)).toBeUndefined();
    const cookie = refreshPair(setCookie);
    expect(cookie).toBeDefined();
    const session = await call<{ user: { id: string; role: string } }>(api, 'POST', '/api/auth/refresh', { cookie });
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ id: expert.id, role: 'expert' });
  }, 60_000);

  it('refuses an email the provider did not verify, an unknown email, another role, and a callback without its state', async () => {
    for (const [login, reason, portal] of [['unverified', 'unverified', 'expert'], ['stranger', 'no_account', 'expert'], ['patient', 'no_account', 'expert'], ['verified', 'no_account', 'admin']] as const) {
      const { location, setCookie } = await signInAs(login, portal);
      expect({ login, location }).toEqual({ login, location: `${portal === 'admin' ? '/admin/login' : '/'}?${OIDC_ERROR_PARAM}=${reason}` });
      expect(refreshPair(setCookie)).toBeUndefined();
    }
    const forged = await fetch(`${api.baseUrl}/api/auth/oidc/callback?code=abc&state=xyz`, { redirect: 'manual' });
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toBe(`/?${OIDC_ERROR_PARAM}=failed`);
    expect(refreshPair(forged.headers.getSetCookie())).toBeUndefined();
  }, 120_000);

  it('asks an expert with an authenticator for the code: no session from the callback alone, one after a right code', async () => {
    const { token } = await signIn(api, expertWithTotp);
    const setup = await call<TwoFactorSetupResponse>(api, 'POST', TwoFactorPaths.setup, { token, body: { password: TEST_PASSWORD } });
    const secret = setup.body.secret;
    const code = hotp(base32Decode(secret), totpStep(Date.now()));
    expect((await call<TwoFactorEnabledResponse>(api, 'POST', TwoFactorPaths.confirm, { token, body: { password: TEST_PASSWORD, code } })).status).toBe(200);

    const { location, setCookie } = await signInAs('totp');
    expect(location).toBe('/?two_factor=code');
    expect(refreshPair(setCookie)).toBeUndefined();
    const header = challengeCookieOf(setCookie)!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\/api\/auth\/two-factor(;|$)/i);
    const cookie = header.split(';')[0]!;
    expect(location).not.toContain(cookie.slice('cqa_2fa='.length));

    const none = await call(api, 'POST', TwoFactorPaths.verify, { body: { code: nextCode(secret) } });
    expect({ status: none.status, message: error(none) }).toEqual({ status: 401, message: TwoFactorTexts.challengeExpired });
    const crossSite = await call(api, 'POST', TwoFactorPaths.verify, {
      cookie, body: { code: nextCode(secret) }, headers: { origin: 'https://evil.test' },
    });
    expect({ status: crossSite.status, message: error(crossSite) }).toEqual({ status: 403, message: AuthTexts.crossSiteRefused });
    const wrong = await call(api, 'POST', TwoFactorPaths.verify, { cookie, body: { code: wrongCode(secret) } });
    expect({ status: wrong.status, message: error(wrong) }).toEqual({ status: 401, message: TwoFactorTexts.invalidCode });
    expect(refreshCookie(wrong)).toBeUndefined();

    const ok = await call<SessionResponse>(api, 'POST', TwoFactorPaths.verify, { cookie, body: { code: nextCode(secret) } });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ id: expertWithTotp.id, role: 'expert' });
    expect(refreshCookie(ok)).toBeDefined();
    expect(ok.setCookie.some((c) => /^cqa_2fa=;/.test(c))).toBe(true);
  }, 120_000);

  it('sends an admin without an authenticator to enrolment, as password sign-in does, and opens the session after it', async () => {
    const { location, setCookie } = await signInAs('admin', 'admin');
    expect(location).toBe('/admin/login?two_factor=enrol');
    expect(refreshPair(setCookie)).toBeUndefined();
    const cookie = challengeCookieOf(setCookie)!.split(';')[0]!;

    expect((await call(api, 'POST', TwoFactorPaths.verify, { cookie, body: { code: '123456' } })).status).toBe(401);
    const setup = await call<TwoFactorSetupResponse>(api, 'POST', TwoFactorPaths.enrolSetup, { cookie, body: {} });
    expect(setup.status).toBe(200);
    const code = hotp(base32Decode(setup.body.secret), totpStep(Date.now()));
    const done = await call<TwoFactorEnrolledSessionResponse>(api, 'POST', TwoFactorPaths.enrolConfirm, { cookie, body: { code } });
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ id: admin.id, role: 'admin' });
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(refreshCookie(done)).toBeDefined();

    const again = await signInAs('admin', 'admin');
    expect(again.location).toBe('/admin/login?two_factor=code');
    expect(refreshPair(again.setCookie)).toBeUndefined();
  }, 120_000);
});
