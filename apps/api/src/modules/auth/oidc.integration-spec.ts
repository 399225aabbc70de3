import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { AuthConfigResponse, OIDC_ERROR_PARAM } from '@cqa/contracts';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, TestUser, uniqueEmail } from '../../../test/accounts-helpers';
import { freePort } from '../../../test/private-redis';

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
  const unknownEmail = uniqueEmail('nobody');

  beforeAll(async () => {
    expert = { id: '', email: uniqueEmail('sso-expert'), role: 'expert' };
    patient = { id: '', email: uniqueEmail('sso-patient'), role: 'patient' };
    const port = await freePort();
    const accounts = {
      verified: { email: expert.email.toUpperCase(), email_verified: true },
      unverified: { email: expert.email, email_verified: false },
      stranger: { email: unknownEmail, email_verified: true },
      patient: { email: patient.email, email_verified: true },
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
    api = await startApi({ PUBLIC_URL, OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'cqa', OIDC_CLIENT_SECRET: 'cqa-test-secret' });
    plain = await startApi({ PUBLIC_URL });
    expert = { ...expert, ...(await createUserWithEmail(api, 'expert', expert.email)) };
    patient = { ...patient, ...(await createUserWithEmail(api, 'patient', patient.email)) };
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await plain?.close();
    provider?.kill('SIGTERM');
  });

  async function createUserWithEmail(on: RunningApi, role: 'expert' | 'patient', email: string): Promise<TestUser> {
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

  const refreshPair = (setCookie: string[]) => setCookie.find((c) => c.startsWith('cqa_refresh=') && !c.startsWith('cqa_refresh=;'))?.split(';')[0];

  it('tells the login pages whether institution sign-in is configured; unconfigured, its routes do not exist', async () => {
    expect((await call<AuthConfigResponse>(api, 'GET', '/api/auth/config')).body).toEqual({ institutionSignIn: true });
    expect((await call<AuthConfigResponse>(plain, 'GET', '/api/auth/config')).body).toEqual({ institutionSignIn: false });
    expect((await fetch(`${plain.baseUrl}/api/auth/oidc/start?portal=expert`, { redirect: 'manual' })).status).toBe(404);
  });

  it('signs an approved expert in by verified email: a session opens and the browser lands in the expert portal', async () => {
    const { location, setCookie } = await signInAs('verified');
    expect(location).toBe('/expert/questions');
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
});
