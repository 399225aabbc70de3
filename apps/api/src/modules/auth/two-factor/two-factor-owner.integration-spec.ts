import {
  ApiErrorBody, Messages, SessionResponse, TWO_FACTOR_MAX_FAILURES_PER_WINDOW, TwoFactorChallengeResponse, TwoFactorEnabledResponse, TwoFactorPaths,
  TwoFactorSetupResponse, TwoFactorTexts,
} from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { call, createUser, refreshCookie, signIn, TEST_PASSWORD, TestUser } from '../../../../test/accounts-helpers';
import { base32Decode, hotp, totpStep } from './totp';

jest.setTimeout(120_000);

const PER_ACCOUNT = 3;
const PER_IP = 4;

/** Issue 27, item 4: a change of the second factor needs the owner, counts wrong passwords, and ends the other sessions. */
describe('second-factor changes need the owner (real MariaDB and Redis)', () => {
  let api: RunningApi;
  let db: DataSource;
  let offsetMs = 0;
  const realNow = Date.now.bind(Date);
  beforeAll(async () => {
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs);
    api = await startApi({
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_2fa_owner`, TRUST_PROXY: 'true', TWO_FACTOR_REQUIRED_FOR_ADMINS: 'false',
      AUTH_RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT), AUTH_RATE_LIMIT_PER_IP: String(PER_IP), AUTH_RATE_LIMIT_WINDOW_SECONDS: '600',
    });
    db = api.app.get(DataSource);
  });
  afterAll(async () => {
    await api.close();
    jest.restoreAllMocks();
  });

  let ipCounter = 0;
  const freshIp = () => `2001:db8:27::${(++ipCounter).toString(16)}:${realNow() % 65536}`;
  const nextStep = () => { offsetMs += 30_000; };
  const codeOf = (secret: string) => hotp(base32Decode(secret), totpStep(Date.now()));
  const wrongCodeOf = (secret: string) => String((Number(codeOf(secret)) + 500_000) % 1e6).padStart(6, '0');
  const error = (result: { body: unknown }) => (result.body as ApiErrorBody).message;
  const post = <T = unknown>(path: string, token: string, body?: unknown, ip = freshIp()) =>
    call<T>(api, 'POST', path, { token, body, headers: { 'x-forwarded-for': ip } });
  const failures = async (user: TestUser) =>
    Number((await db.query("SELECT COUNT(*) AS n FROM auth_logs WHERE user_id = ? AND event_type = 'two_factor_failed'", [user.id]))[0].n);
  const me = (token: string) => call(api, 'GET', '/api/auth/me', { token });
  const refresh = (cookie: string) => call<SessionResponse>(api, 'POST', '/api/auth/refresh', { cookie });

  async function enrol(user: TestUser, token: string): Promise<string> {
    const setup = await post<TwoFactorSetupResponse>(TwoFactorPaths.setup, token, { password: TEST_PASSWORD });
    expect(setup.status).toBe(200);
    const confirmed = await post(TwoFactorPaths.confirm, token, { password: TEST_PASSWORD, code: codeOf(setup.body.secret) });
    expect(confirmed.status).toBe(200);
    return setup.body.secret;
  }

  async function signInWithCode(user: TestUser, secret: string): Promise<{ token: string; cookie: string }> {
    nextStep();
    const login = await call<TwoFactorChallengeResponse>(api, 'POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD, role: user.role } });
    const verified = await call<SessionResponse>(api, 'POST', TwoFactorPaths.verify, { body: { challenge: login.body.challenge, code: codeOf(secret) } });
    expect(verified.status).toBe(200);
    return { token: verified.body.accessToken, cookie: refreshCookie(verified)! };
  }

  it('asks for the password before setting up and before confirming (which shows the recovery codes); a wrong one is logged', async () => {
    const expert = await createUser(api, 'expert');
    const { token } = await signIn(api, expert);

    expect((await post(TwoFactorPaths.setup, token)).status).toBe(400);
    const wrongSetup = await post(TwoFactorPaths.setup, token, { password: 'Not-the-password-1' });
    expect({ status: wrongSetup.status, message: error(wrongSetup) }).toEqual({ status: 400, message: TwoFactorTexts.wrongPassword });
    expect(await db.query('SELECT user_id FROM user_two_factor WHERE user_id = ?', [expert.id])).toEqual([]);

    const setup = await post<TwoFactorSetupResponse>(TwoFactorPaths.setup, token, { password: TEST_PASSWORD });
    expect(setup.status).toBe(200);
    expect((await post(TwoFactorPaths.confirm, token, { code: codeOf(setup.body.secret) })).status).toBe(400);
    const wrongConfirm = await post(TwoFactorPaths.confirm, token, { password: 'Not-the-password-1', code: codeOf(setup.body.secret) });
    expect({ status: wrongConfirm.status, message: error(wrongConfirm) }).toEqual({ status: 400, message: TwoFactorTexts.wrongPassword });
    expect((await call(api, 'GET', TwoFactorPaths.status, { token })).body).toMatchObject({ enabled: false });

    const confirmed = await post<TwoFactorEnabledResponse>(TwoFactorPaths.confirm, token, { password: TEST_PASSWORD, code: codeOf(setup.body.secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(await failures(expert)).toBe(2);
  });

  it("counts wrong passwords at 'disable' like failed sign-ins: the account's sign-in is locked with it", async () => {
    const patient = await createUser(api, 'patient');
    const { token: first } = await signIn(api, patient);
    const secret = await enrol(patient, first);
    const { token } = await signInWithCode(patient, secret);
    nextStep();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const wrong = await post(TwoFactorPaths.disable, token, { password: 'Not-the-password-1', code: codeOf(secret) });
      expect({ status: wrong.status, message: error(wrong) }).toEqual({ status: 400, message: TwoFactorTexts.wrongPassword });
    }
    const locked = await post(TwoFactorPaths.disable, token, { password: TEST_PASSWORD, code: codeOf(secret) });
    expect({ status: locked.status, message: error(locked) }).toEqual({ status: 429, message: Messages.platform.tooManyRequests });
    const login = await call(api, 'POST', '/api/auth/login', { body: { email: patient.email, password: TEST_PASSWORD, role: 'patient' }, headers: { 'x-forwarded-for': freshIp() } });
    expect(login.status).toBe(429);
    expect(await failures(patient)).toBe(PER_ACCOUNT);
    expect((await call(api, 'GET', TwoFactorPaths.status, { token })).body).toMatchObject({ enabled: true });
  });

  it("counts wrong codes at 'disable' with the second sign-in step's, however right the password: the account is locked after ten", async () => {
    const patient = await createUser(api, 'patient');
    const secret = await enrol(patient, (await signIn(api, patient)).token);
    const { token } = await signInWithCode(patient, secret);
    nextStep();
    for (let i = 0; i < TWO_FACTOR_MAX_FAILURES_PER_WINDOW; i++) {
      const wrong = await post(TwoFactorPaths.disable, token, { password: TEST_PASSWORD, code: wrongCodeOf(secret) });
      expect({ i, status: wrong.status, message: error(wrong) }).toEqual({ i, status: 400, message: TwoFactorTexts.invalidCode });
    }
    const locked = await post(TwoFactorPaths.disable, token, { password: TEST_PASSWORD, code: codeOf(secret) });
    expect({ status: locked.status, message: error(locked) }).toEqual({ status: 429, message: Messages.platform.tooManyRequests });
    expect((await call(api, 'GET', TwoFactorPaths.status, { token })).body).toMatchObject({ enabled: true });
    expect(await failures(patient)).toBe(TWO_FACTOR_MAX_FAILURES_PER_WINDOW);
    // The second sign-in step is locked with it (one count per account), even for the right code.
    const login = await call<TwoFactorChallengeResponse>(api, 'POST', '/api/auth/login', {
      body: { email: patient.email, password: TEST_PASSWORD, role: 'patient' }, headers: { 'x-forwarded-for': freshIp() },
    });
    const verified = await call(api, 'POST', TwoFactorPaths.verify, { body: { challenge: login.body.challenge, code: codeOf(secret) }, headers: { 'x-forwarded-for': freshIp() } });
    expect(verified.status).toBe(429);
  });

  it("counts wrong codes at 'disable' against the client address, with its failed sign-ins", async () => {
    const ip = freshIp();
    const patient = await createUser(api, 'patient');
    const secret = await enrol(patient, (await signIn(api, patient)).token);
    const { token } = await signInWithCode(patient, secret);
    nextStep();
    for (let i = 0; i < PER_IP - 1; i++) expect((await post(TwoFactorPaths.disable, token, { password: TEST_PASSWORD, code: wrongCodeOf(secret) }, ip)).status).toBe(400);
    const signIns = [];
    for (let i = 0; i < 2; i++) {
      signIns.push((await call(api, 'POST', '/api/auth/login', { body: { email: patient.email, password: 'Not-the-password-1', role: 'patient' }, headers: { 'x-forwarded-for': ip } })).status);
    }
    expect(signIns).toEqual([401, 429]);
    expect((await post(TwoFactorPaths.disable, token, { password: TEST_PASSWORD, code: codeOf(secret) }, ip)).status).toBe(429);
  });

  it('counts them per client address too, and a concurrent burst is checked only as often as the limit allows', async () => {
    const ip = freshIp();
    const accounts = await Promise.all([createUser(api, 'expert'), createUser(api, 'expert')]);
    const tokens = await Promise.all(accounts.map(async (user) => (await signIn(api, user)).token));
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      post(TwoFactorPaths.setup, tokens[i % 2]!, { password: 'Not-the-password-1' }, ip)));
    const tally: Record<number, number> = {};
    for (const { status } of burst) tally[status] = (tally[status] ?? 0) + 1;
    expect(tally).toEqual({ 400: PER_IP, 429: 12 - PER_IP });
    expect((await failures(accounts[0]!)) + (await failures(accounts[1]!))).toBe(PER_IP);
  });

  it("ends the account's other sessions when the factor is turned on or off, and keeps the caller's", async () => {
    const patient = await createUser(api, 'patient');
    const mine = await signIn(api, patient);
    const other = await signIn(api, patient);
    const secret = await enrol(patient, mine.token);

    expect((await me(other.token)).status).toBe(401);
    expect((await refresh(other.cookie)).status).toBe(401);
    // The caller's access token is renewed from its refresh cookie, which still works.
    const renewed = await refresh(mine.cookie);
    expect(renewed.status).toBe(200);
    expect((await me(renewed.body.accessToken)).status).toBe(200);

    const third = await signInWithCode(patient, secret);
    nextStep();
    const off = await post(TwoFactorPaths.disable, renewed.body.accessToken, { password: TEST_PASSWORD, code: codeOf(secret) });
    expect(off.status).toBe(200);
    expect((await refresh(third.cookie)).status).toBe(401);
    expect((await refresh(refreshCookie(renewed)!)).status).toBe(200);
  });

  it("ends every session of the user whose second factor an admin resets", async () => {
    const admin = await createUser(api, 'admin');
    const { token: adminToken } = await signIn(api, admin);
    const expert = await createUser(api, 'expert');
    const secret = await enrol(expert, (await signIn(api, expert)).token);
    const session = await signInWithCode(expert, secret);
    expect((await me(session.token)).status).toBe(200);

    expect((await post(TwoFactorPaths.adminReset(expert.id), adminToken)).status).toBe(200);
    expect((await me(session.token)).status).toBe(401);
    expect((await refresh(session.cookie)).status).toBe(401);
    expect((await me(adminToken)).status).toBe(200);
  });
});
