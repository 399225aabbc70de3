import { ApiErrorBody, AUTH_FORM_ROUTES, AuthTexts, REFRESH_COOKIE, SIGNED_IN_HINT_COOKIE, SessionResponse } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, EXPERT_CREDENTIALS, refreshCookie, signIn, TEST_PASSWORD, uniqueEmail } from '../../../test/accounts-helpers';
import { EmailTokenEntity } from './entities/email-token.entity';
import { UserEntity } from './entities/user.entity';
import { expiresAfter, hashToken, HOUR_MS, newOpaqueToken } from './tokens';

/** The public pages' forms posted as a browser does before any script has run (issue 35): urlencoded, 303 answers. */
describe('the public forms without script (real MariaDB and Redis)', () => {
  let api: RunningApi;
  beforeAll(async () => {
    // Admins must enrol a second factor here (the form then hands over to the login page's two-factor step).
    api = await startApi({
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_forms`, PUBLIC_URL: 'http://cqa.test:8080', TWO_FACTOR_REQUIRED_FOR_ADMINS: 'true', AUTH_RATE_LIMIT_PER_ACCOUNT: '3',
    });
  });
  afterAll(async () => { await api.close(); });

  const ownPage = () => ({ origin: api.baseUrl, 'sec-fetch-site': 'same-origin' });
  async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = ownPage()) {
    const res = await fetch(`${api.baseUrl}${path}`, {
      method: 'POST', redirect: 'manual', body: new URLSearchParams(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
    return { status: res.status, location: res.headers.get('location'), setCookie: res.headers.getSetCookie(), text: await res.text() };
  }
  const cookieNamed = (setCookie: string[], name: string) => setCookie.find((c) => c.startsWith(`${name}=`));
  const login = (fields: Record<string, string>, headers?: Record<string, string>) => post(AUTH_FORM_ROUTES.login, fields, headers);

  describe('sign-in', () => {
    it('signs in: the session cookies are set and the answer is 303 to the portal, as destinationAfterLogin says', async () => {
      const expert = await createUser(api, 'expert');
      const res = await login({ email: expert.email, password: TEST_PASSWORD, role: 'expert' });
      expect({ status: res.status, location: res.location }).toEqual({ status: 303, location: '/expert/questions' });
      expect(cookieNamed(res.setCookie, REFRESH_COOKIE.name)).toMatch(/HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/i);
      expect(cookieNamed(res.setCookie, SIGNED_IN_HINT_COOKIE.name)).toContain(`Path=${SIGNED_IN_HINT_COOKIE.path}`);
      // The page it lands on restores the session from that cookie, as after a sign-in with script.
      const restored = await call<SessionResponse>(api, 'POST', '/api/auth/refresh', { cookie: cookieNamed(res.setCookie, REFRESH_COOKIE.name)!.split(';')[0] });
      expect(restored.status).toBe(200);
      expect(restored.body.user).toMatchObject({ id: expert.id, role: 'expert' });

      const patient = await createUser(api, 'patient');
      // A new patient's profile is not complete yet: the wizard first (spec section 2).
      expect((await login({ email: patient.email, password: TEST_PASSWORD, role: 'patient' })).location).toBe('/patient-profile');
    });

    it('sends a wrong password, another portal, an unconfirmed or unapproved account back to the login form with the notice, and nothing personal in the URL', async () => {
      const patient = await createUser(api, 'patient');
      const expert = await createUser(api, 'expert');
      const unverified = await createUser(api, 'expert', { verified: false });
      const pending = await createUser(api, 'patient', { status: 'pending' });
      const rejected = await createUser(api, 'patient', { status: 'rejected' });
      const cases: Array<[Record<string, string>, string]> = [
        [{ email: patient.email, password: 'Wrong-password-1', role: 'patient' }, '/?mode=login#notice-credentials'],
        [{ email: expert.email, password: TEST_PASSWORD, role: 'patient' }, '/?mode=login#notice-use-expert'],
        [{ email: patient.email, password: TEST_PASSWORD, role: 'expert' }, '/?role=expert&mode=login#notice-use-patient'],
        [{ email: unverified.email, password: TEST_PASSWORD, role: 'expert' }, '/?role=expert&mode=login#notice-unverified'],
        // Issue 44: a pending registration's notice adds that it awaits approval; a rejected one keeps the spec's text alone.
        [{ email: pending.email, password: TEST_PASSWORD, role: 'patient' }, '/?mode=login#notice-unable-pending'],
        [{ email: rejected.email, password: TEST_PASSWORD, role: 'patient' }, '/?mode=login#notice-unable'],
        [{ email: expert.email, password: TEST_PASSWORD, role: 'admin' }, '/admin/login#notice-not-admin'],
        [{ email: 'not-an-address', password: 'x', role: 'patient' }, '/?mode=login#notice-email-invalid'],
        [{ email: patient.email, role: 'patient' }, '/?mode=login#notice-password-required'],
      ];
      for (const [fields, location] of cases) {
        const res = await login(fields);
        expect({ fields, status: res.status, location: res.location, cookies: res.setCookie }).toEqual({ fields, status: 303, location, cookies: [] });
        expect(res.location).not.toContain('@');
        expect(res.location).not.toContain(TEST_PASSWORD);
      }
    });

    it('counts a refused form sign-in with the JSON ones: past the limit the form says so (429 → notice-throttled)', async () => {
      const patient = await createUser(api, 'patient');
      for (let i = 0; i < 3; i++) await login({ email: patient.email, password: 'Wrong-password-1', role: 'patient' });
      expect((await login({ email: patient.email, password: TEST_PASSWORD, role: 'patient' })).location).toBe('/?mode=login#notice-throttled');
      expect((await call(api, 'POST', '/api/auth/login', { body: { email: patient.email, password: TEST_PASSWORD, role: 'patient' } })).status).toBe(429);
    });

    it('hands an account that needs its second factor to the login page\'s two-factor step: a challenge cookie, no session', async () => {
      const admin = await createUser(api, 'admin');
      const res = await login({ email: admin.email, password: TEST_PASSWORD, role: 'admin' });
      expect({ status: res.status, location: res.location }).toEqual({ status: 303, location: '/admin/login?two_factor=enrol' });
      expect(cookieNamed(res.setCookie, 'cqa_2fa')).toContain('Path=/api/auth/two-factor');
      expect(cookieNamed(res.setCookie, REFRESH_COOKIE.name)).toBeUndefined();
    });
  });

  describe('who may post', () => {
    it('refuses a post from another site, or from a client that does not say where it comes from, with 403 and no cookie', async () => {
      const patient = await createUser(api, 'patient');
      const fields = { email: patient.email, password: TEST_PASSWORD, role: 'patient' };
      const refused: Record<string, string>[] = [
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'same-site' },
        { origin: 'null' },
        { origin: api.baseUrl, 'sec-fetch-site': 'cross-site' },
        {},
      ];
      for (const headers of refused) {
        const res = await login(fields, headers);
        expect({ headers, status: res.status, cookies: res.setCookie }).toEqual({ headers, status: 403, cookies: [] });
        expect((JSON.parse(res.text) as ApiErrorBody).message).toBe(AuthTexts.crossSiteRefused);
      }
      // A browser's form post from our page under Referrer-Policy no-referrer says Origin: null, Sec-Fetch-Site: same-origin.
      expect((await login(fields, { origin: 'null', 'sec-fetch-site': 'same-origin' })).status).toBe(303);
      expect((await login(fields, { origin: api.baseUrl })).status).toBe(303);
      // ALLOWED_ORIGINS (empty here: PUBLIC_URL's origin) are ours too.
      expect((await login(fields, { origin: 'http://cqa.test:8080', 'sec-fetch-site': 'same-origin' })).status).toBe(303);
    });

    it('takes form bodies only; the JSON routes still refuse them (login CSRF, 17.2)', async () => {
      const patient = await createUser(api, 'patient');
      const fields = { email: patient.email, password: TEST_PASSWORD, role: 'patient' };
      const json = await fetch(`${api.baseUrl}${AUTH_FORM_ROUTES.login}`, { method: 'POST', headers: { ...ownPage(), 'content-type': 'application/json' }, body: JSON.stringify(fields) });
      expect(json.status).toBe(415);
      expect(json.headers.getSetCookie()).toEqual([]);
      const toJsonRoute = await post('/api/auth/login', fields);
      expect(toJsonRoute.status).toBe(415);
      expect((JSON.parse(toJsonRoute.text) as ApiErrorBody).message).toBe(AuthTexts.jsonOnly);
      expect(toJsonRoute.setCookie).toEqual([]);
      // Another route with a form body: still refused.
      expect((await post('/api/auth/forgot-password', { email: patient.email })).status).toBe(415);
    });
  });

  describe('registration', () => {
    const registration = (overrides: Record<string, string> = {}) => ({
      role: 'patient', first_name: 'Pat', last_name: 'Form', email: uniqueEmail('form-reg'), password: TEST_PASSWORD, age: '', agreeToTerms: 'on', hipaa_consent: 'on',
      ...overrides,
    });

    it('registers a patient and an expert (checkboxes as a browser posts them), then says an address is registered already', async () => {
      const fields = registration({ age: '61' });
      const res = await post(AUTH_FORM_ROUTES.register, fields);
      expect({ status: res.status, location: res.location }).toEqual({ status: 303, location: '/?screen=registered' });
      const user = await api.app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ email: fields.email });
      expect(user).toMatchObject({ role: 'patient', firstName: 'Pat', approvalStatus: 'pending', termsConsent: true });

      const again = await post(AUTH_FORM_ROUTES.register, { ...fields, role: 'patient' });
      expect(again.location).toBe('/?mode=login#notice-already-registered');

      const { hipaa_consent: _, ...expert } = registration({ role: 'expert', ...EXPERT_CREDENTIALS });
      expect((await post(AUTH_FORM_ROUTES.register, expert)).location).toBe('/?screen=registered');
    });

    it('sends a refused registration back with the first problem, and a rejected address to the Registration Rejected screen', async () => {
      const { hipaa_consent: _, ...noConsent } = registration();
      expect((await post(AUTH_FORM_ROUTES.register, noConsent)).location).toBe('/?mode=register#notice-hipaa-required');
      const { agreeToTerms: __, ...noTerms } = registration({ role: 'expert' });
      expect((await post(AUTH_FORM_ROUTES.register, noTerms)).location).toBe('/?role=expert&mode=register#notice-disclaimers-required');
      expect((await post(AUTH_FORM_ROUTES.register, registration({ password: 'password' }))).location).toBe('/?mode=register#notice-password-common');

      const rejected = await createUser(api, 'expert', { status: 'rejected' });
      expect((await post(AUTH_FORM_ROUTES.register, registration({ role: 'expert', email: rejected.email, ...EXPERT_CREDENTIALS }))).location).toBe('/?screen=rejected');
    });
  });

  describe('password reset', () => {
    async function resetLink(userId: string): Promise<string> {
      const token = newOpaqueToken();
      await api.app.get(DataSource).getRepository(EmailTokenEntity).insert({ userId, purpose: 'reset_password', tokenHash: hashToken(token), expiresAt: expiresAfter(HOUR_MS) });
      return token;
    }

    it('asks for the link: the same answer whether or not the address has an account', async () => {
      const patient = await createUser(api, 'patient');
      for (const email of [patient.email, uniqueEmail('nobody')]) {
        expect((await post(AUTH_FORM_ROUTES.forgotPassword, { email })).location).toBe('/forgot-password?screen=sent');
      }
      expect((await post(AUTH_FORM_ROUTES.forgotPassword, { email: 'nope' })).location).toBe('/forgot-password#notice-email-invalid');
    });

    it('sets the new password with the link\'s token, back to the same link while something is wrong', async () => {
      const patient = await createUser(api, 'patient');
      const { cookie } = await signIn(api, patient);
      const token = await resetLink(patient.id);
      const reset = (fields: Record<string, string>) => post(AUTH_FORM_ROUTES.resetPassword, { token, ...fields }).then((r) => r.location);
      expect(await reset({ password: 'Brand-new-pass-7', confirm: 'Brand-new-pass-8' })).toBe(`/reset-password?token=${token}#notice-passwords-differ`);
      expect(await reset({ password: 'Brand-new-pass-7', confirm: '' })).toBe(`/reset-password?token=${token}#notice-confirm-password`);
      expect(await reset({ password: 'short', confirm: 'short' })).toBe(`/reset-password?token=${token}#notice-password-short`);
      expect(await reset({ password: TEST_PASSWORD, confirm: TEST_PASSWORD })).toBe(`/reset-password?token=${token}#notice-same-password`);
      expect(await reset({ password: 'Brand-new-pass-7', confirm: 'Brand-new-pass-7' })).toBe('/?mode=login#notice-password-reset');
      // As with the JSON route: the link is used up and the account's sessions are over.
      expect(await reset({ password: 'Another-pass-8', confirm: 'Another-pass-8' })).toBe(`/reset-password?token=${token}#notice-link-invalid`);
      expect((await call(api, 'POST', '/api/auth/refresh', { cookie })).status).toBe(401);
      await signIn(api, patient, 'Brand-new-pass-7');
      // What is not a token is never echoed into the page's URL.
      expect((await post(AUTH_FORM_ROUTES.resetPassword, { token: '"><script>', password: 'Brand-new-pass-9', confirm: 'Brand-new-pass-9' })).location).toBe('/reset-password#notice-link-invalid');
    });
  });

  it('signs out: the session ends, its cookies are cleared, and the answer is 303 to the login form saying so', async () => {
    const patient = await createUser(api, 'patient');
    const { cookie } = await signIn(api, patient);
    const res = await post(AUTH_FORM_ROUTES.logout, {}, { ...ownPage(), cookie });
    expect({ status: res.status, location: res.location }).toEqual({ status: 303, location: '/?mode=login#notice-signed-out' });
    expect(cookieNamed(res.setCookie, REFRESH_COOKIE.name)).toMatch(/^__Host-cqa_refresh=;/);
    expect(cookieNamed(res.setCookie, SIGNED_IN_HINT_COOKIE.name)).toMatch(/^cqa_signed_in=;/);
    expect((await call(api, 'POST', '/api/auth/refresh', { cookie })).status).toBe(401);
    expect(refreshCookie({ status: 0, body: undefined, headers: new Headers(), setCookie: res.setCookie })).toBeUndefined();
  });
});
