import {
  AUTH_FORM_ROUTES, REFRESH_COOKIE, SessionResponse, SIGNED_IN_HINT_COOKIE, TwoFactorEnabledResponse, TwoFactorPaths, TwoFactorSetupResponse,
  TwoFactorTexts, ApiErrorBody,
} from '@cqa/contracts';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, signIn, TEST_PASSWORD, TestUser } from '../../../test/accounts-helpers';
import { base32Decode, hotp, totpStep } from './two-factor/totp';

// argon2 (passwords, recovery codes) is slow on a shared CI machine.
jest.setTimeout(120_000);

/**
 * A browser without script signing in to an account with a second factor (issue 42): the login form, its 303 to the
 * two-factor step's own URL, the step's form posted with the cookies the browser keeps for it, and its 303s.
 */
describe('the two-factor step as a form without script (real MariaDB and Redis)', () => {
  let api: RunningApi;
  // The API runs in this process: moving Date.now forward stands for waiting for the authenticator's next code.
  let offsetMs = 0;
  const realNow = Date.now.bind(Date);
  beforeAll(async () => {
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs);
    api = await startApi({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_form2fa`, TWO_FACTOR_REQUIRED_FOR_ADMINS: 'false' });
  });
  afterAll(async () => {
    await api.close();
    jest.restoreAllMocks();
  });

  const nextStep = () => { offsetMs += 30_000; };
  const codeOf = (secret: string) => hotp(base32Decode(secret), totpStep(Date.now()));
  const wrongCodeOf = (secret: string) => String((Number(codeOf(secret)) + 1) % 1e6).padStart(6, '0');

  /** Opts in from the account area (the JSON routes); returns the secret and the recovery codes. */
  async function enrol(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
    const { token } = await signIn(api, user);
    const setup = await call<TwoFactorSetupResponse>(api, 'POST', TwoFactorPaths.setup, { token, body: { password: TEST_PASSWORD } });
    const confirmed = await call<TwoFactorEnabledResponse>(api, 'POST', TwoFactorPaths.confirm, { token, body: { password: TEST_PASSWORD, code: codeOf(setup.body.secret) } });
    expect(confirmed.status).toBe(200);
    // The enrolment spent this step's code.
    nextStep();
    return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
  }

  /** What a browser keeps: each cookie by name and path, sent only to the paths under its own (RFC 6265 5.1.4). */
  class Browser {
    private readonly jar = new Map<string, { name: string; value: string; path: string }>();

    async post(path: string, fields: Record<string, string>, headers: Record<string, string> = { origin: api.baseUrl, 'sec-fetch-site': 'same-origin' }) {
      const res = await fetch(`${api.baseUrl}${path}`, {
        method: 'POST', redirect: 'manual', body: new URLSearchParams(fields),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: this.cookiesFor(path), ...headers },
      });
      const setCookie = res.headers.getSetCookie();
      for (const line of setCookie) this.keep(line);
      return { status: res.status, location: res.headers.get('location'), setCookie, text: await res.text() };
    }

    cookiesFor(path: string): string {
      return [...this.jar.values()].filter((c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
        .map((c) => `${c.name}=${c.value}`).join('; ');
    }

    private keep(line: string) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair!.slice(0, pair!.indexOf('='));
      const value = pair!.slice(pair!.indexOf('=') + 1);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      const gone = attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && new Date(a.slice(8)).getTime() < realNow()));
      if (gone || value === '') this.jar.delete(`${name};${path}`);
      else this.jar.set(`${name};${path}`, { name, value, path });
    }
  }

  const cookieNamed = (setCookie: string[], name: string) => setCookie.filter((c) => c.startsWith(`${name}=`));
  /** The cookies of that name set, not cleared (setRefreshCookie also clears the refresh cookie's former path). */
  const cookieSet = (setCookie: string[], name: string) => cookieNamed(setCookie, name).filter((c) => !/Max-Age=0\b/i.test(c));
  const STEP = '/?role=expert&mode=login&two_factor=code';

  it('password, then the step\'s own URL, a wrong code back to it with the JSON route\'s text, the right one signs in', async () => {
    const expert = await createUser(api, 'expert');
    const { secret } = await enrol(expert);
    const browser = new Browser();

    const password = await browser.post(AUTH_FORM_ROUTES.login, { email: expert.email, password: TEST_PASSWORD, role: 'expert' });
    expect({ status: password.status, location: password.location }).toEqual({ status: 303, location: STEP });
    // The challenge rides in httpOnly, SameSite=Strict, short-lived cookies for the two routes that read it; no session yet.
    const challengeCookies = cookieNamed(password.setCookie, 'cqa_2fa');
    expect(challengeCookies.map((c) => /Path=([^;]+)/.exec(c)![1]).sort()).toEqual([AUTH_FORM_ROUTES.twoFactor, '/api/auth/two-factor'].sort());
    for (const cookie of challengeCookies) {
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
      expect(cookie).toMatch(/Max-Age=300\b/);
    }
    expect(cookieNamed(password.setCookie, REFRESH_COOKIE.name)).toEqual([]);
    const challenge = /^cqa_2fa=([^;]+)/.exec(challengeCookies[0]!)![1]!;
    expect(password.location).not.toContain(challenge);
    expect(password.location).not.toContain('@');

    // Nothing but the code goes in the form: the browser sends the challenge cookie to the step's route.
    expect(browser.cookiesFor(AUTH_FORM_ROUTES.twoFactor)).toContain('cqa_2fa=');
    const wrong = await browser.post(AUTH_FORM_ROUTES.twoFactor, { code: wrongCodeOf(secret), recoveryCode: '', role: 'expert' });
    expect({ status: wrong.status, location: wrong.location, cookies: wrong.setCookie }).toEqual({ status: 303, location: `${STEP}#notice-code-invalid`, cookies: [] });
    const empty = await browser.post(AUTH_FORM_ROUTES.twoFactor, { code: '', recoveryCode: '', role: 'expert' });
    expect(empty.location).toBe(`${STEP}#notice-code-required`);
    expect((await browser.post(AUTH_FORM_ROUTES.twoFactor, { code: '12ab56', role: 'expert' })).location).toBe(`${STEP}#notice-code-format`);

    const right = await browser.post(AUTH_FORM_ROUTES.twoFactor, { code: codeOf(secret), recoveryCode: '', role: 'expert' });
    expect({ status: right.status, location: right.location }).toEqual({ status: 303, location: '/expert/questions' });
    // The session's cookies as the login form sets them for an account without a second factor; the challenge's go.
    const [refresh, ...more] = cookieSet(right.setCookie, REFRESH_COOKIE.name);
    expect(more).toEqual([]);
    expect(refresh).toMatch(/HttpOnly/i);
    expect(refresh).toMatch(/SameSite=Strict/i);
    expect(cookieNamed(right.setCookie, SIGNED_IN_HINT_COOKIE.name)[0]).toContain(`Path=${SIGNED_IN_HINT_COOKIE.path}`);
    expect(browser.cookiesFor(AUTH_FORM_ROUTES.twoFactor)).not.toContain('cqa_2fa=');
    expect(browser.cookiesFor('/api/auth/two-factor/verify')).not.toContain('cqa_2fa=');
    const restored = await call<SessionResponse>(api, 'POST', '/api/auth/refresh', { cookie: refresh!.split(';')[0] });
    expect(restored.status).toBe(200);
    expect(restored.body.user).toMatchObject({ id: expert.id, role: 'expert' });

    // The challenge was used: posting the step again (the cookie kept by hand) goes back to the password.
    const replay = await fetch(`${api.baseUrl}${AUTH_FORM_ROUTES.twoFactor}`, {
      method: 'POST', redirect: 'manual', body: new URLSearchParams({ code: codeOf(secret), role: 'expert' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: api.baseUrl, 'sec-fetch-site': 'same-origin', cookie: `cqa_2fa=${challenge}` },
    });
    expect(replay.headers.get('location')).toBe('/?role=expert&mode=login#notice-sign-in-expired');
    expect(cookieNamed(replay.headers.getSetCookie(), REFRESH_COOKIE.name)).toEqual([]);
  });

  it('takes a recovery code too, and sends an admin to the admin pages', async () => {
    const admin = await createUser(api, 'admin');
    const { recoveryCodes } = await enrol(admin);
    const browser = new Browser();
    const password = await browser.post(AUTH_FORM_ROUTES.login, { email: admin.email, password: TEST_PASSWORD, role: 'admin' });
    expect(password.location).toBe('/admin/login?two_factor=code');
    const wrong = await browser.post(AUTH_FORM_ROUTES.twoFactor, { code: '', recoveryCode: 'aaaa-bbbb-cccc', role: 'admin' });
    expect(wrong.location).toBe('/admin/login?two_factor=code#notice-code-invalid');
    const right = await browser.post(AUTH_FORM_ROUTES.twoFactor, { code: '', recoveryCode: recoveryCodes[0]!, role: 'admin' });
    expect({ status: right.status, location: right.location }).toEqual({ status: 303, location: '/admin/questions' });
    expect(cookieSet(right.setCookie, REFRESH_COOKIE.name)).toHaveLength(1);
  });

  it('counts wrong codes with the JSON route: the challenge\'s last attempt ends it, back to the password with the JSON text', async () => {
    const expert = await createUser(api, 'expert');
    const { secret } = await enrol(expert);
    const browser = new Browser();
    await browser.post(AUTH_FORM_ROUTES.login, { email: expert.email, password: TEST_PASSWORD, role: 'expert' });
    // Four wrong codes through the JSON route (the page's script, with the same cookie), the fifth through the form.
    for (let i = 0; i < 4; i++) {
      const json = await call<ApiErrorBody>(api, 'POST', TwoFactorPaths.verify, { body: { code: wrongCodeOf(secret) }, cookie: browser.cookiesFor(TwoFactorPaths.verify) });
      expect({ status: json.status, message: json.body.message }).toEqual({ status: 401, message: TwoFactorTexts.invalidCode });
    }
    const last = await browser.post(AUTH_FORM_ROUTES.twoFactor, { code: wrongCodeOf(secret), role: 'expert' });
    expect(last.location).toBe('/?role=expert&mode=login#notice-too-many-codes');
    // The step is over: its cookies go, and even the right code no longer signs in.
    expect(browser.cookiesFor(AUTH_FORM_ROUTES.twoFactor)).toBe('');
    const after = await browser.post(AUTH_FORM_ROUTES.twoFactor, { code: codeOf(secret), role: 'expert' });
    expect(after.location).toBe('/?role=expert&mode=login#notice-sign-in-expired');
    expect(cookieNamed(after.setCookie, REFRESH_COOKIE.name)).toEqual([]);
  });

  it('refuses a post from another site (403), as every form route does', async () => {
    const browser = new Browser();
    const res = await browser.post(AUTH_FORM_ROUTES.twoFactor, { code: '123456' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
  });
});
