import { ApiErrorBody, AuthTexts, Messages, QUEUES_PASS_COOKIE, SessionResponse } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { ageRotations, call, createUser, EXPERT_CREDENTIALS, refreshCookie, signIn, TEST_PASSWORD, uniqueEmail } from '../../../test/accounts-helpers';
import { ACCOUNT_STANDING_TTL_MS, SessionService } from './session.service';
import { SESSION_VERSION_CACHE_MS } from './session-versions.service';
import { RedisClient } from '../../queues/redis-client.provider';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Issues 15 and 17: sign-in throttling, registration of a rejected account, cross-site refusal, revocation at once, lifetimes. */
describe('sessions: revocation, lifetimes, cross-site refusal (real MariaDB and Redis)', () => {
  let api: RunningApi;
  let db: DataSource;
  beforeAll(async () => {
    api = await startApi({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_sessions`, PUBLIC_URL: 'http://cqa.test:8080', TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_ACCOUNT: '2', AUTH_RATE_LIMIT_PER_IP: '3' });
    db = api.app.get(DataSource);
  });
  afterAll(async () => { await api.close(); });

  const error = (result: { body: unknown }) => (result.body as ApiErrorBody).message;
  let ipCounter = 0;
  const freshIp = () => `2001:db8:5::${(++ipCounter).toString(16)}:${Date.now() % 65536}`;
  const me = (token: string) => call(api, 'GET', '/api/auth/me', { token });
  const refresh = (cookie?: string, headers: Record<string, string> = {}) => call<SessionResponse>(api, 'POST', '/api/auth/refresh', { cookie, headers });
  const login = (email: string, password: string, ip: string, role = 'patient') =>
    call<SessionResponse>(api, 'POST', '/api/auth/login', { body: { email, password, role }, headers: { 'x-forwarded-for': ip } });

  describe('sign-in throttle (15.1)', () => {
    it('counts failures only: many successful sign-ins pass, and a success clears the account\'s failures', async () => {
      const patient = await createUser(api, 'patient');
      for (let i = 0; i < 3; i++) expect((await login(patient.email, TEST_PASSWORD, freshIp())).status).toBe(200);
      expect((await login(patient.email, 'wrong-password-1', freshIp())).status).toBe(401);
      expect((await login(patient.email, TEST_PASSWORD, freshIp())).status).toBe(200);
      // The success reset the count: two more failures are allowed before the lock.
      for (let i = 0; i < 2; i++) expect((await login(patient.email, 'wrong-password-1', freshIp())).status).toBe(401);
      const locked = await login(patient.email, TEST_PASSWORD, freshIp());
      expect(locked.status).toBe(429);
      expect(error(locked)).toBe(Messages.platform.tooManyRequests);
    }, 120_000);

    it('locks an address after its failures, whatever accounts it tries, but not for its successes', async () => {
      const ip = freshIp();
      const patient = await createUser(api, 'patient');
      for (let i = 0; i < 4; i++) expect((await login(patient.email, TEST_PASSWORD, ip)).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await login(uniqueEmail('nobody'), 'wrong-password-1', ip)).status).toBe(401);
      expect((await login(patient.email, TEST_PASSWORD, ip)).status).toBe(429);
    }, 120_000);
  });

  describe('registration of a rejected account (15.3)', () => {
    it("answers 403 with the spec's rejected text; other existing accounts stay 409", async () => {
      const rejected = await createUser(api, 'expert', { status: 'rejected' });
      const body = { email: rejected.email.toUpperCase(), password: TEST_PASSWORD, role: 'expert', first_name: 'R', last_name: 'J', agreeToTerms: true, ...EXPERT_CREDENTIALS };
      const again = await call(api, 'POST', '/api/auth/register', { body, headers: { 'x-forwarded-for': freshIp() } });
      expect(again.status).toBe(403);
      expect(error(again)).toBe(Messages.errors.registrationRejected);
      const pending = await createUser(api, 'expert', { status: 'pending' });
      const dup = await call(api, 'POST', '/api/auth/register', { body: { ...body, email: pending.email }, headers: { 'x-forwarded-for': freshIp() } });
      expect(dup.status).toBe(409);
    });
  });

  describe('login CSRF (17.2)', () => {
    it('refuses a form post to the login with 415 and sets no cookie', async () => {
      const patient = await createUser(api, 'patient');
      const form = new URLSearchParams({ email: patient.email, password: TEST_PASSWORD, role: 'patient' });
      const res = await fetch(`${api.baseUrl}/api/auth/login`, { method: 'POST', body: form });
      expect(res.status).toBe(415);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(((await res.json()) as ApiErrorBody).message).toBe(AuthTexts.jsonOnly);
      const plain = await fetch(`${api.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(Object.fromEntries(form)) });
      expect(plain.status).toBe(415);
    });

    it('refuses cross-site requests to the cookie routes; same-origin, allowed and header-less ones pass', async () => {
      const patient = await createUser(api, 'patient');
      const { cookie } = await signIn(api, patient);
      const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
      for (const [method, path] of [['POST', '/api/auth/refresh'], ['POST', '/api/auth/logout'], ['POST', '/api/auth/login'], ['GET', '/admin/queues/api/queues']]) {
        const res = await call(api, method!, path!, { cookie, headers: evil });
        expect({ path, status: res.status }).toEqual({ path, status: 403 });
        expect(res.setCookie).toEqual([]);
      }
      expect((await refresh(cookie, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      expect((await refresh(cookie, { 'sec-fetch-site': 'same-site' })).status).toBe(403);
      expect((await refresh(cookie, { origin: 'null' })).status).toBe(403);
      // The session survived the refused attempts.
      const own = await refresh(cookie, { origin: api.baseUrl, 'sec-fetch-site': 'same-origin' });
      expect(own.status).toBe(200);
      const allowed = await refresh(refreshCookie(own), { origin: 'http://cqa.test:8080', 'sec-fetch-site': 'cross-site' });
      expect(allowed.status).toBe(200);
      expect((await refresh(refreshCookie(allowed))).status).toBe(200);
    });
  });

  describe('revocation at once (17.5)', () => {
    it('logout ends the access token and the job dashboard pass at once', async () => {
      const admin = await createUser(api, 'admin');
      const { token, cookie } = await signIn(api, admin);
      const pass = await call(api, 'POST', '/api/admin/queues-session', { token });
      const passCookie = pass.setCookie.find((c) => c.startsWith(`${QUEUES_PASS_COOKIE.name}=`))!.split(';')[0]!;
      const board = () => fetch(`${api.baseUrl}/admin/queues`, { headers: { cookie: passCookie }, redirect: 'manual' }).then((r) => r.status);
      expect(await board()).toBe(200);
      expect((await me(token)).status).toBe(200);
      expect((await call(api, 'POST', '/api/auth/logout', { cookie })).status).toBe(204);
      const after = await me(token);
      expect(after.status).toBe(401);
      expect(error(after)).toBe(Messages.platform.signInRequired);
      expect(await board()).not.toBe(200);
    });

    it('refresh-token reuse ends the access tokens of the family at once', async () => {
      const patient = await createUser(api, 'patient');
      const { cookie: first } = await signIn(api, patient);
      const rotated = await refresh(first);
      const token = rotated.body.accessToken;
      expect((await me(token)).status).toBe(200);
      await ageRotations(api, patient.id);
      expect((await refresh(first)).status).toBe(401);
      expect((await me(token)).status).toBe(401);
    });

    it('revokeAllOf (an admin blocking a user) ends every session at once; a blocked user is refused by the token check and at refresh', async () => {
      const expert = await createUser(api, 'expert');
      const a = await signIn(api, expert);
      const b = await signIn(api, expert);
      await db.query('UPDATE users SET is_blocked = 1 WHERE id = ?', [expert.id]);
      await api.app.get(SessionService).revokeAllOf(expert.id);
      for (const session of [a, b]) {
        expect((await me(session.token)).status).toBe(401);
        expect((await refresh(session.cookie)).status).toBe(403);
      }
      // Blocked without a revocation (a database change): the token check itself refuses.
      const other = await createUser(api, 'expert');
      const c = await signIn(api, other);
      await db.query('UPDATE users SET is_blocked = 1 WHERE id = ?', [other.id]);
      const blocked = await me(c.token);
      expect(blocked.status).toBe(403);
      expect(error(blocked)).toBe(Messages.errors.unableToAccess);
      const restore = await refresh(c.cookie);
      expect(restore.status).toBe(403);
      expect(error(restore)).toBe(Messages.errors.unableToAccess);
    });

    it('reuses an account checked in good standing for a few seconds: a block made in the database alone holds once that passes', async () => {
      const expert = await createUser(api, 'expert');
      const { token } = await signIn(api, expert);
      expect((await me(token)).status).toBe(200);
      await db.query('UPDATE users SET is_blocked = 1 WHERE id = ?', [expert.id]);
      // Within ACCOUNT_STANDING_TTL_MS the remembered standing answers (the session version is still read every time) ...
      expect((await me(token)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, ACCOUNT_STANDING_TTL_MS + 100));
      // ... then the account is read again and refused.
      const blocked = await me(token);
      expect(blocked.status).toBe(403);
      expect(error(blocked)).toBe(Messages.errors.unableToAccess);
    });

    it('a session version bumped by another process (another replica, the worker) ends the token here within SESSION_VERSION_CACHE_MS', async () => {
      const patient = await createUser(api, 'patient');
      const { token } = await signIn(api, patient);
      expect((await me(token)).status).toBe(200);
      // Straight to Redis, past this process's SessionVersions, as another process bumps it.
      const bumpedAt = Date.now();
      await api.app.get(RedisClient).redis.incr(`sv:${patient.id}`);
      let status = (await me(token)).status;
      while (status === 200 && Date.now() - bumpedAt <= SESSION_VERSION_CACHE_MS + 200) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await me(token)).status;
      }
      expect(status).toBe(401);
      expect(Date.now() - bumpedAt).toBeLessThanOrEqual(SESSION_VERSION_CACHE_MS + 250);
    });

    it('a new sign-in after a revocation works at once', async () => {
      const patient = await createUser(api, 'patient');
      await signIn(api, patient);
      await api.app.get(SessionService).revokeAllOf(patient.id);
      const { token } = await signIn(api, patient);
      expect((await me(token)).status).toBe(200);
    });
  });

  describe('tabs racing for the refresh cookie (issue 34, F-34)', () => {
    const browser = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/156 Mobile' };
    const signInAs = async (patient: { email: string }) => {
      const res = await call<SessionResponse>(api, 'POST', '/api/auth/login', { body: { email: patient.email, password: TEST_PASSWORD, role: 'patient' }, headers: browser });
      return refreshCookie(res)!;
    };
    const liveTokens = async (userId: string) =>
      Number(((await db.query('SELECT COUNT(*) AS n FROM refresh_tokens WHERE user_id = ? AND revoked_at IS NULL', [userId])) as { n: number }[])[0]!.n);

    it('three pages restoring the session at once with one cookie all stay signed in, and so does the first', async () => {
      const patient = await createUser(api, 'patient');
      const cookie = await signInAs(patient);
      const pages = await Promise.all([1, 2, 3].map(() => refresh(cookie, browser)));
      expect(pages.map((p) => p.status)).toEqual([200, 200, 200]);
      for (const page of pages) {
        expect((await me(page.body.accessToken)).status).toBe(200);
        // Each page's new cookie renews again (the browser keeps whichever came last).
        expect((await refresh(refreshCookie(page), browser)).status).toBe(200);
      }
      expect(await liveTokens(patient.id)).toBeGreaterThan(0);
    });

    it('a reload presenting the just-rotated token again (a refresh cut short) gets the same successor, which stays valid', async () => {
      const patient = await createUser(api, 'patient');
      const cookie = await signInAs(patient);
      const first = await refresh(cookie, browser);
      const again = await refresh(cookie, browser);
      expect(again.status).toBe(200);
      expect(refreshCookie(again)).toBe(refreshCookie(first));
      expect((await me(first.body.accessToken)).status).toBe(200);
      expect((await me(again.body.accessToken)).status).toBe(200);
      expect((await refresh(refreshCookie(first), browser)).status).toBe(200);
    });

    /** The family's tokens that are neither rotated nor revoked: the session's live ones. */
    const liveInFamily = async (userId: string) =>
      Number(((await db.query('SELECT COUNT(*) AS n FROM refresh_tokens WHERE user_id = ? AND revoked_at IS NULL AND replaced_by IS NULL', [userId])) as { n: number }[])[0]!.n);

    it('a replay inside the window, however often, never forks the session: one live token (issue 42, F-35)', async () => {
      const patient = await createUser(api, 'patient');
      const cookie = await signInAs(patient);
      const victim = await refresh(cookie, browser);
      const replays = await Promise.all([1, 2, 3, 4, 5].map(() => refresh(cookie, browser)));
      expect(replays.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(replays.map((r) => refreshCookie(r)))).toEqual(new Set([refreshCookie(victim)]));
      expect(await liveInFamily(patient.id)).toBe(1);
    });

    it('a copied cookie replayed inside the window shares the one token: whichever holder falls behind is refused, and the session ends', async () => {
      const patient = await createUser(api, 'patient');
      const cookie = await signInAs(patient);
      const victim = await refresh(cookie, browser);
      const thief = await refresh(cookie, browser);
      expect(refreshCookie(thief)).toBe(refreshCookie(victim));
      // The victim's next rotation leaves the thief's copy behind; presented after the window, it ends the session.
      const victimNext = await refresh(refreshCookie(victim), browser);
      expect(victimNext.status).toBe(200);
      await ageRotations(api, patient.id);
      const late = await refresh(refreshCookie(thief), browser);
      expect(late.status).toBe(401);
      expect(error(late)).toBe(Messages.errors.noActiveSession);
      expect((await refresh(refreshCookie(victimNext), browser)).status).toBe(401);
      expect((await me(victimNext.body.accessToken)).status).toBe(401);
      expect(await liveTokens(patient.id)).toBe(0);
    });

    it('a token rotated twice inside the window leads to the newest, never a new one', async () => {
      const patient = await createUser(api, 'patient');
      const cookie = await signInAs(patient);
      const first = await refresh(cookie, browser);
      const second = await refresh(refreshCookie(first), browser);
      const stale = await refresh(cookie, browser);
      expect(stale.status).toBe(200);
      expect(refreshCookie(stale)).toBe(refreshCookie(second));
      expect(await liveInFamily(patient.id)).toBe(1);
    });

    it('the same token from another client within the window is theft: the whole session ends', async () => {
      const patient = await createUser(api, 'patient');
      const cookie = await signInAs(patient);
      const rotated = await refresh(cookie, browser);
      const thief = await refresh(cookie, { 'user-agent': 'curl/8.5.0' });
      expect(thief.status).toBe(401);
      expect(error(thief)).toBe(Messages.errors.noActiveSession);
      expect((await me(rotated.body.accessToken)).status).toBe(401);
      expect((await refresh(refreshCookie(rotated), browser)).status).toBe(401);
      expect(await liveTokens(patient.id)).toBe(0);
    });

    it('the same token from the same client after the window is theft: the whole session ends', async () => {
      const patient = await createUser(api, 'patient');
      const cookie = await signInAs(patient);
      const rotated = await refresh(cookie, browser);
      await ageRotations(api, patient.id);
      expect((await refresh(cookie, browser)).status).toBe(401);
      expect((await refresh(refreshCookie(rotated), browser)).status).toBe(401);
      expect(await liveTokens(patient.id)).toBe(0);
    });

    it('a token ended by sign-out gets no grace', async () => {
      const patient = await createUser(api, 'patient');
      const cookie = await signInAs(patient);
      const rotated = await refresh(cookie, browser);
      expect((await call(api, 'POST', '/api/auth/logout', { cookie: refreshCookie(rotated), headers: browser })).status).toBe(204);
      expect((await refresh(cookie, browser)).status).toBe(401);
    });
  });

  describe('lifetimes (17.7)', () => {
    const expiresOf = async (userId: string) =>
      ((await db.query('SELECT expires_at FROM refresh_tokens WHERE user_id = ? AND revoked_at IS NULL AND replaced_by IS NULL', [userId])) as { expires_at: Date }[])[0]!.expires_at.getTime();

    it('gives staff a 12-hour idle limit and patients 7 days, renewed by each refresh', async () => {
      const admin = await createUser(api, 'admin');
      const patient = await createUser(api, 'patient');
      const before = Date.now();
      await signIn(api, admin);
      await signIn(api, patient);
      expect(Math.abs((await expiresOf(admin.id)) - before - 12 * HOUR)).toBeLessThan(60_000);
      expect(Math.abs((await expiresOf(patient.id)) - before - 7 * DAY)).toBeLessThan(60_000);
    });

    it('ends a session at its absolute lifetime from sign-in, however often it was refreshed', async () => {
      const expert = await createUser(api, 'expert');
      const { cookie } = await signIn(api, expert);
      // Signed in 6 days 23 hours ago: the next refresh may only run to the 7-day end, not 12 more hours.
      await db.query('UPDATE refresh_tokens SET session_started_at = ? WHERE user_id = ?', [new Date(Date.now() - 7 * DAY + HOUR), expert.id]);
      const near = await refresh(cookie);
      expect(near.status).toBe(200);
      const end = await expiresOf(expert.id);
      expect(Math.abs(end - (Date.now() + HOUR))).toBeLessThan(60_000);
      // Past the absolute end: refused although the token's own expiry (idle) was not reached.
      await db.query('UPDATE refresh_tokens SET session_started_at = ? WHERE user_id = ?', [new Date(Date.now() - 8 * DAY), expert.id]);
      const late = await refresh(refreshCookie(near));
      expect(late.status).toBe(401);
      expect(error(late)).toBe(Messages.errors.noActiveSession);
    });

    it('ends an idle session', async () => {
      const patient = await createUser(api, 'patient');
      const { cookie } = await signIn(api, patient);
      await db.query('UPDATE refresh_tokens SET expires_at = ? WHERE user_id = ?', [new Date(Date.now() - 1000), patient.id]);
      expect((await refresh(cookie)).status).toBe(401);
    });
  });
});
