import { AccountPageTexts, AccountPaths, AccountSessionsResponse, ApiErrorBody, AuthTexts, Messages } from '@cqa/contracts';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { call, createUser, signIn, TEST_PASSWORD } from '../../../../test/accounts-helpers';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

// Issue 44: the account page's calls. Every one acts on the caller's own account only.
describe('the account page over HTTP (real MariaDB and Redis)', () => {
  let api: RunningApi;
  // Sign-in limits low enough to reach here (the test default is high, for the suites that sign in often).
  beforeAll(async () => { api = await startApi({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_account`, AUTH_RATE_LIMIT_PER_ACCOUNT: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '600' }); });
  afterAll(async () => { await api.close(); });

  const error = (r: { body: unknown }) => (r.body as ApiErrorBody).message;
  const refresh = (cookie: string) => call(api, 'POST', '/api/auth/refresh', { cookie });
  const sessionsOf = (token: string) => call<AccountSessionsResponse>(api, 'GET', AccountPaths.sessions, { token });

  it('changes the password with the current one; the other sessions end, this one stays, and the new password signs in', async () => {
    const patient = await createUser(api, 'patient');
    const here = await signIn(api, patient);
    const elsewhere = await signIn(api, patient);
    const change = (current_password: unknown, new_password: unknown) =>
      call(api, 'POST', AccountPaths.password, { token: here.token, body: { current_password, new_password } });

    expect(error(await change('Wrong-password-1', 'New-pass-2026!'))).toBe(AccountPageTexts.currentPasswordWrong);
    expect(error(await change(TEST_PASSWORD, 'short'))).toBe(Messages.validation.passwordTooShort);
    expect(error(await change(TEST_PASSWORD, TEST_PASSWORD))).toBe(Messages.validation.samePassword);
    expect(error(await change('', 'New-pass-2026!'))).toBe(AccountPageTexts.currentPasswordRequired);
    expect((await refresh(elsewhere.cookie)).status).toBe(200);

    const changed = await change(TEST_PASSWORD, 'New-pass-2026!');
    expect(changed).toMatchObject({ status: 200, body: { message: AccountPageTexts.passwordChanged } });
    // The other session is over; this one renews its access and goes on.
    expect((await refresh(elsewhere.cookie)).status).toBe(401);
    expect((await call(api, 'GET', '/api/auth/me', { token: elsewhere.token })).status).toBe(401);
    const renewed = await refresh(here.cookie);
    expect(renewed.status).toBe(200);
    const old = await call(api, 'POST', '/api/auth/login', { body: { email: patient.email, password: TEST_PASSWORD, role: 'patient' } });
    expect(error(old)).toBe(AuthTexts.invalidCredentials);
    expect((await signIn(api, patient, 'New-pass-2026!')).token).toBeTruthy();
  });

  it('counts wrong current passwords as failed sign-ins: past the limit, 429 even with the right one', async () => {
    const expert = await createUser(api, 'expert');
    const { token } = await signIn(api, expert);
    const change = (current_password: string) => call(api, 'POST', AccountPaths.password, { token, body: { current_password, new_password: 'New-pass-2026!' } });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await change(`Wrong-password-${i}`)).status);
    expect(statuses).toContain(429);
    expect((await change(TEST_PASSWORD)).status).toBe(429);
  });

  it("lists the caller's sessions with device and last use, the current one marked; ends another at once, never the current", async () => {
    const patient = await createUser(api, 'patient');
    const here = await signIn(api, patient);
    const phone = await call(api, 'POST', '/api/auth/login', { body: { email: patient.email, password: TEST_PASSWORD, role: 'patient' }, headers: { 'user-agent': PHONE } });
    const phoneCookie = phone.setCookie.find((c) => c.startsWith('__Host-cqa_refresh='))!.split(';')[0]!;

    const listed = await sessionsOf(here.token);
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(2);
    const current = listed.body.sessions.find((s) => s.current)!;
    const other = listed.body.sessions.find((s) => !s.current)!;
    expect(other.device).toBe('Chrome on Android');
    expect(Date.parse(other.last_used_at)).toBeGreaterThanOrEqual(Date.parse(other.started_at));

    expect(error(await call(api, 'DELETE', AccountPaths.session(current.id), { token: here.token }))).toBe(AccountPageTexts.endCurrentWithSignOut);
    const ended = await call(api, 'DELETE', AccountPaths.session(other.id), { token: here.token });
    expect(ended).toMatchObject({ status: 200, body: { message: AccountPageTexts.sessionEnded } });
    expect((await refresh(phoneCookie)).status).toBe(401);
    // Every access token was refused with the ended one's; this session renews its access and goes on.
    expect((await call(api, 'GET', AccountPaths.sessions, { token: here.token })).status).toBe(401);
    const renewed = await refresh(here.cookie);
    expect(renewed.status).toBe(200);
    const token = (renewed.body as { accessToken: string }).accessToken;
    expect((await sessionsOf(token)).body.sessions.map((s) => s.id)).toEqual([current.id]);
    expect((await call(api, 'DELETE', AccountPaths.session(other.id), { token })).status).toBe(404);
  });

  it("never shows or ends another user's session; without a session every call is 401", async () => {
    const owner = await createUser(api, 'patient');
    const ownerSession = await signIn(api, owner);
    const [ownerFamily] = (await sessionsOf(ownerSession.token)).body.sessions;
    const intruder = await signIn(api, await createUser(api, 'expert'));

    const theirs = await sessionsOf(intruder.token);
    expect(theirs.body.sessions.map((s) => s.id)).not.toContain(ownerFamily!.id);
    const attempt = await call(api, 'DELETE', AccountPaths.session(ownerFamily!.id), { token: intruder.token });
    expect(attempt.status).toBe(404);
    expect(error(attempt)).toBe(AccountPageTexts.sessionNotFound);
    expect((await refresh(ownerSession.cookie)).status).toBe(200);
    expect((await call(api, 'DELETE', AccountPaths.session('not-a-session'), { token: intruder.token })).status).toBe(404);

    expect((await call(api, 'GET', AccountPaths.sessions)).status).toBe(401);
    expect((await call(api, 'DELETE', AccountPaths.session(ownerFamily!.id))).status).toBe(401);
    expect((await call(api, 'POST', AccountPaths.password, { body: { current_password: TEST_PASSWORD, new_password: 'New-pass-2026!' } })).status).toBe(401);
  });
});
