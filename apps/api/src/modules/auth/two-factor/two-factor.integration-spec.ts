import {
  ApiErrorBody, Messages, SessionResponse, TwoFactorChallengeResponse, TwoFactorEnabledResponse, TwoFactorEnrolledSessionResponse,
  TwoFactorPaths, TwoFactorSetupResponse, TwoFactorStatusResponse, TwoFactorTexts,
} from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { call, createUser, refreshCookie, signIn, TEST_PASSWORD, TestUser } from '../../../../test/accounts-helpers';
import { base32Decode, hotp, totpStep } from './totp';

// argon2 (passwords, recovery codes) is slow on a shared CI machine.
jest.setTimeout(120_000);

describe('two-factor sign-in over HTTP (real MariaDB and Redis)', () => {
  let api: RunningApi;
  let db: DataSource;
  // The API runs in this process: moving Date.now forward stands for waiting for the authenticator's next code.
  let offsetMs = 0;
  const realNow = Date.now.bind(Date);
  beforeAll(async () => {
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs);
    api = await startApi({ TWO_FACTOR_REQUIRED_FOR_ADMINS: 'true' });
    db = api.app.get(DataSource);
  });
  afterAll(async () => {
    await api.close();
    jest.restoreAllMocks();
  });

  const nextStep = () => { offsetMs += 30_000; };
  const codeOf = (secret: string) => hotp(base32Decode(secret), totpStep(Date.now()));
  const error = (result: { body: unknown }) => (result.body as ApiErrorBody).message;
  const login = (user: TestUser) =>
    call<TwoFactorChallengeResponse | SessionResponse>(api, 'POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD, role: user.role } });
  const challengeOf = async (user: TestUser) => {
    const result = await login(user);
    expect(result.status).toBe(200);
    expect(refreshCookie(result)).toBeUndefined();
    return result.body as TwoFactorChallengeResponse;
  };
  const verify = (challenge: string, answer: { code?: string; recoveryCode?: string }) =>
    call<SessionResponse>(api, 'POST', TwoFactorPaths.verify, { body: { challenge, ...answer } });

  /** Opts in from the account area; returns the secret and the recovery codes. */
  async function enrol(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
    const { token } = await signIn(api, user);
    const setup = await call<TwoFactorSetupResponse>(api, 'POST', TwoFactorPaths.setup, { token, body: { password: TEST_PASSWORD } });
    expect(setup.status).toBe(200);
    const confirmed = await call<TwoFactorEnabledResponse>(api, 'POST', TwoFactorPaths.confirm, { token, body: { password: TEST_PASSWORD, code: codeOf(setup.body.secret) } });
    expect(confirmed.status).toBe(200);
    return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
  }

  async function signInWithCode(user: TestUser, secret: string): Promise<string> {
    nextStep();
    const { challenge } = await challengeOf(user);
    const result = await verify(challenge, { code: codeOf(secret) });
    expect(result.status).toBe(200);
    return result.body.accessToken;
  }

  it('enrols an expert from the account area: QR code, secret sealed at rest, confirmation, ten hashed recovery codes', async () => {
    const expert = await createUser(api, 'expert');
    const { token, cookie } = await signIn(api, expert);
    expect((await call(api, 'GET', TwoFactorPaths.status, { token })).body).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    const setup = await call<TwoFactorSetupResponse>(api, 'POST', TwoFactorPaths.setup, { token, body: { password: TEST_PASSWORD } });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(setup.body.otpauthUrl).toBe(`otpauth://totp/Cancer%20Q%26A:${encodeURIComponent(expert.email)}?secret=${setup.body.secret}&issuer=Cancer+Q%26A&algorithm=SHA1&digits=6&period=30`);
    const [row] = await db.query('SELECT secret_sealed, enabled_at FROM user_two_factor WHERE user_id = ?', [expert.id]);
    expect(row.enabled_at).toBeNull();
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(row.secret_sealed).not.toContain(setup.body.secret);

    const wrong = await call(api, 'POST', TwoFactorPaths.confirm, { token, body: { password: TEST_PASSWORD, code: String((Number(codeOf(setup.body.secret)) + 1) % 1e6).padStart(6, '0') } });
    expect({ status: wrong.status, message: error(wrong) }).toEqual({ status: 400, message: TwoFactorTexts.invalidCode });
    expect((await call(api, 'POST', TwoFactorPaths.confirm, { token, body: { password: TEST_PASSWORD, code: '12ab56' } })).status).toBe(400);

    const confirmed = await call<TwoFactorEnabledResponse>(api, 'POST', TwoFactorPaths.confirm, { token, body: { password: TEST_PASSWORD, code: codeOf(setup.body.secret) } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    const hashes = await db.query('SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = ?', [expert.id]);
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) expect(code_hash).toMatch(/^\$argon2id\$/);
    // The change ended the account's other sessions and renewed this one's access token (its refresh cookie still works).
    expect((await call(api, 'GET', TwoFactorPaths.status, { token })).status).toBe(401);
    const renewed = (await call<SessionResponse>(api, 'POST', '/api/auth/refresh', { cookie })).body.accessToken;
    expect((await call(api, 'GET', TwoFactorPaths.status, { token: renewed })).body).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect((await call(api, 'POST', TwoFactorPaths.setup, { token: renewed, body: { password: TEST_PASSWORD } })).status).toBe(409);
    expect(await db.query("SELECT COUNT(*) AS n FROM auth_logs WHERE user_id = ? AND event_type = 'two_factor_enabled'", [expert.id])).toEqual([{ n: '1' }]);
  });

  it('signs in with the code: a challenge instead of the session, single use, and no code accepted twice', async () => {
    const expert = await createUser(api, 'expert');
    const { secret } = await enrol(expert);

    const first = await challengeOf(expert);
    expect(first).toMatchObject({ twoFactorRequired: true, enrolmentRequired: false, expiresIn: 300 });
    expect(first.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const reused = await verify(first.challenge, { code: codeOf(secret) });
    expect({ status: reused.status, message: error(reused) }).toEqual({ status: 401, message: TwoFactorTexts.invalidCode });

    nextStep();
    const code = codeOf(secret);
    const ok = await verify(first.challenge, { code });
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(expert.id);
    expect(refreshCookie(ok)).toBeDefined();
    expect((await call(api, 'GET', '/api/auth/me', { token: ok.body.accessToken })).status).toBe(200);

    const again = await verify(first.challenge, { code });
    expect({ status: again.status, message: error(again) }).toEqual({ status: 401, message: TwoFactorTexts.challengeExpired });
    const second = await challengeOf(expert);
    const replay = await verify(second.challenge, { code });
    expect({ status: replay.status, message: error(replay) }).toEqual({ status: 401, message: TwoFactorTexts.invalidCode });
    expect((await verify('x'.repeat(43), { code })).status).toBe(401);
  });

  it('accepts each recovery code once', async () => {
    const patient = await createUser(api, 'patient');
    const { recoveryCodes } = await enrol(patient);
    const { challenge } = await challengeOf(patient);
    const used = await verify(challenge, { recoveryCode: recoveryCodes[3].toUpperCase().replace('-', ' ') });
    expect(used.status).toBe(200);
    const next = await challengeOf(patient);
    const twice = await verify(next.challenge, { recoveryCode: recoveryCodes[3] });
    expect({ status: twice.status, message: error(twice) }).toEqual({ status: 401, message: TwoFactorTexts.invalidCode });
    expect((await verify(next.challenge, { recoveryCode: recoveryCodes[4] })).status).toBe(200);
    const { token } = { token: (await verify((await challengeOf(patient)).challenge, { recoveryCode: recoveryCodes[5] })).body.accessToken };
    expect((await call<TwoFactorStatusResponse>(api, 'GET', TwoFactorPaths.status, { token })).body.recoveryCodesLeft).toBe(7);
  });

  it('sends an admin without a second factor to enrolment, with no session until enrolled', async () => {
    const admin = await createUser(api, 'admin');
    const pending = await challengeOf(admin);
    expect(pending).toMatchObject({ twoFactorRequired: true, enrolmentRequired: true });
    expect((await verify(pending.challenge, { code: '123456' })).status).toBe(401);
    expect((await call(api, 'POST', '/api/auth/refresh')).status).toBe(204); // no cookie was set: no session

    const setup = await call<TwoFactorSetupResponse>(api, 'POST', TwoFactorPaths.enrolSetup, { body: { challenge: pending.challenge } });
    expect(setup.status).toBe(200);
    const bad = await call(api, 'POST', TwoFactorPaths.enrolConfirm, { body: { challenge: pending.challenge, code: '000000' === codeOf(setup.body.secret) ? '111111' : '000000' } });
    expect({ status: bad.status, message: error(bad) }).toEqual({ status: 401, message: TwoFactorTexts.invalidCode });
    const done = await call<TwoFactorEnrolledSessionResponse>(api, 'POST', TwoFactorPaths.enrolConfirm, { body: { challenge: pending.challenge, code: codeOf(setup.body.secret) } });
    expect(done.status).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(done.body.user.role).toBe('admin');
    expect(refreshCookie(done)).toBeDefined();
    expect((await call(api, 'POST', TwoFactorPaths.enrolSetup, { body: { challenge: pending.challenge } })).status).toBe(401);

    expect(await challengeOf(admin)).toMatchObject({ enrolmentRequired: false });
    const token = await signInWithCode(admin, setup.body.secret);
    expect((await call(api, 'GET', TwoFactorPaths.status, { token })).body).toEqual({ enabled: true, required: true, recoveryCodesLeft: 10 });
    nextStep();
    const off = await call(api, 'POST', TwoFactorPaths.disable, { token, body: { password: TEST_PASSWORD, code: codeOf(setup.body.secret) } });
    expect({ status: off.status, message: error(off) }).toEqual({ status: 403, message: TwoFactorTexts.requiredForAdmins });
  });

  it('throttles wrong codes: five end a challenge, ten lock the account for the window', async () => {
    const expert = await createUser(api, 'expert');
    const { secret } = await enrol(expert);
    nextStep();
    const wrongCode = () => String((Number(codeOf(secret)) + 500_000) % 1e6).padStart(6, '0');
    const first = await challengeOf(expert);
    for (let i = 1; i <= 4; i++) expect(error(await verify(first.challenge, { code: wrongCode() }))).toBe(TwoFactorTexts.invalidCode);
    expect(error(await verify(first.challenge, { code: wrongCode() }))).toBe(TwoFactorTexts.tooManyAttempts);
    expect(error(await verify(first.challenge, { code: codeOf(secret) }))).toBe(TwoFactorTexts.challengeExpired);

    const second = await challengeOf(expert);
    for (let i = 1; i <= 4; i++) expect((await verify(second.challenge, { code: wrongCode() })).status).toBe(401);
    const third = await challengeOf(expert);
    expect((await verify(third.challenge, { code: wrongCode() })).status).toBe(401);
    const locked = await verify(third.challenge, { code: codeOf(secret) });
    expect({ status: locked.status, message: error(locked) }).toEqual({ status: 429, message: Messages.platform.tooManyRequests });
    expect(await db.query("SELECT COUNT(*) AS n FROM auth_logs WHERE user_id = ? AND event_type = 'two_factor_failed'", [expert.id])).toEqual([{ n: '10' }]);
  });

  it('turns off with the password and a current code', async () => {
    const patient = await createUser(api, 'patient');
    const { secret } = await enrol(patient);
    const token = await signInWithCode(patient, secret);
    nextStep();
    const wrongPassword = await call(api, 'POST', TwoFactorPaths.disable, { token, body: { password: 'Not-the-password-1', code: codeOf(secret) } });
    expect({ status: wrongPassword.status, message: error(wrongPassword) }).toEqual({ status: 400, message: TwoFactorTexts.wrongPassword });
    const wrongCode = await call(api, 'POST', TwoFactorPaths.disable, { token, body: { password: TEST_PASSWORD, code: '000000' === codeOf(secret) ? '111111' : '000000' } });
    expect({ status: wrongCode.status, message: error(wrongCode) }).toEqual({ status: 400, message: TwoFactorTexts.invalidCode });
    const off = await call(api, 'POST', TwoFactorPaths.disable, { token, body: { password: TEST_PASSWORD, code: codeOf(secret) } });
    expect(off).toMatchObject({ status: 200, body: { message: TwoFactorTexts.disabled } });
    expect(await db.query('SELECT COUNT(*) AS n FROM two_factor_recovery_codes WHERE user_id = ?', [patient.id])).toEqual([{ n: '0' }]);
    expect((await login(patient)).body).toHaveProperty('accessToken');
  });

  it("lets an admin reset another user's second factor, with an auth log line; nobody else may", async () => {
    const admin = await createUser(api, 'admin');
    const pending = await challengeOf(admin);
    const setup = await call<TwoFactorSetupResponse>(api, 'POST', TwoFactorPaths.enrolSetup, { body: { challenge: pending.challenge } });
    const enrolled = await call<SessionResponse>(api, 'POST', TwoFactorPaths.enrolConfirm, { body: { challenge: pending.challenge, code: codeOf(setup.body.secret) } });
    const adminToken = enrolled.body.accessToken;

    const expert = await createUser(api, 'expert');
    await enrol(expert);
    const other = await createUser(api, 'expert');
    const { token: expertToken } = await signIn(api, other);
    expect((await call(api, 'POST', TwoFactorPaths.adminReset(expert.id), { token: expertToken })).status).toBe(403);
    expect((await call(api, 'POST', TwoFactorPaths.adminReset(expert.id))).status).toBe(401);

    const reset = await call(api, 'POST', TwoFactorPaths.adminReset(expert.id), { token: adminToken });
    expect(reset).toMatchObject({ status: 200, body: { message: TwoFactorTexts.reset } });
    expect(await db.query("SELECT COUNT(*) AS n FROM auth_logs WHERE user_id = ? AND event_type = 'two_factor_reset'", [expert.id])).toEqual([{ n: '1' }]);
    expect((await login(expert)).body).toHaveProperty('accessToken');
    expect((await call(api, 'POST', TwoFactorPaths.adminReset('00000000-0000-4000-8000-000000000000'), { token: adminToken })).status).toBe(404);
  });
});
