import {
  ApiErrorBody, Messages, SessionResponse, TWO_FACTOR_MAX_ATTEMPTS_PER_CHALLENGE, TWO_FACTOR_MAX_FAILURES_PER_WINDOW, TwoFactorChallengeResponse,
  TwoFactorEnabledResponse, TwoFactorPaths, TwoFactorSetupResponse, TwoFactorTexts,
} from '@cqa/contracts';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, EXPERT_CREDENTIALS, signIn, TEST_PASSWORD, TestUser, uniqueEmail } from '../../../test/accounts-helpers';
import { base32Decode, hotp, totpStep } from './two-factor/totp';

// Every wrong password is an argon2 verification; a burst of them is slow on a shared CI machine.
jest.setTimeout(120_000);

const PER_ACCOUNT = 5;
const PER_IP = 8;
const CHALLENGES = 4;
const BURST = 20;

/** A client address of its own per burst, believed because TRUST_PROXY is on. */
const clientIp = () => `2001:db8:7::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

/**
 * Issue 27.1: every limit reserves before it checks. Each test fires a burst of concurrent requests and counts how many
 * were actually checked (auth-log rows written only after an argon2 or TOTP check, or answers other than 429).
 */
describe('auth limits under concurrent bursts (Redis)', () => {
  let api: RunningApi;
  let db: DataSource;
  beforeAll(async () => {
    api = await startApi({
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_burst`, TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
      AUTH_RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT), AUTH_RATE_LIMIT_WINDOW_SECONDS: '600',
      AUTH_RATE_LIMIT_CHALLENGES_PER_ACCOUNT: String(CHALLENGES),
    });
    db = api.app.get(DataSource);
  });
  afterAll(async () => { await api.close(); });

  const login = (user: Pick<TestUser, 'email' | 'role'>, password: string, ip = clientIp()) =>
    call<TwoFactorChallengeResponse | SessionResponse | ApiErrorBody>(api, 'POST', '/api/auth/login', {
      body: { email: user.email, password, role: user.role }, headers: { 'x-forwarded-for': ip },
    });
  const verify = (challenge: string, code: string, ip = clientIp()) =>
    call<ApiErrorBody>(api, 'POST', TwoFactorPaths.verify, { body: { challenge, code }, headers: { 'x-forwarded-for': ip } });
  const countLogs = async (userId: string, event: string) =>
    Number(((await db.query('SELECT COUNT(*) AS n FROM auth_logs WHERE user_id = ? AND event_type = ?', [userId, event])) as { n: string }[])[0]!.n);
  const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
  const burst = <T>(n: number, send: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => send(i)));

  async function enrolled(role: 'expert' | 'patient' = 'expert'): Promise<{ user: TestUser; secret: string }> {
    const user = await createUser(api, role);
    const { token } = await signIn(api, user);
    const setup = await call<TwoFactorSetupResponse>(api, 'POST', TwoFactorPaths.setup, { token, body: { password: TEST_PASSWORD } });
    const code = hotp(base32Decode(setup.body.secret), totpStep(Date.now()));
    expect((await call<TwoFactorEnabledResponse>(api, 'POST', TwoFactorPaths.confirm, { token, body: { password: TEST_PASSWORD, code } })).status).toBe(200);
    return { user, secret: setup.body.secret };
  }
  const wrongCodeFor = (secret: string) => String((Number(hotp(base32Decode(secret), totpStep(Date.now()))) + 500_000) % 1e6).padStart(6, '0');
  const challengeFor = async (user: TestUser) => {
    const result = await login(user, TEST_PASSWORD);
    expect(result.status).toBe(200);
    return (result.body as TwoFactorChallengeResponse).challenge;
  };

  it(`checks at most ${PER_ACCOUNT} of ${BURST} concurrent wrong passwords for one account, from many addresses`, async () => {
    const user = await createUser(api, 'patient');
    const results = await burst(BURST, () => login(user, 'Wrong-password-1'));
    expect(tally(results.map((r) => r.status))).toEqual({ 401: PER_ACCOUNT, 429: BURST - PER_ACCOUNT });
    expect(await countLogs(user.id, 'login_failed')).toBe(PER_ACCOUNT);
    // Locked for the window, even with the right password.
    expect((await login(user, TEST_PASSWORD)).status).toBe(429);
  });

  it(`checks at most ${PER_IP} of ${BURST} concurrent wrong passwords from one address, across accounts`, async () => {
    const ip = clientIp();
    const results = await burst(BURST, () => login({ email: uniqueEmail('burst-ip'), role: 'patient' }, 'Wrong-password-1', ip));
    expect(tally(results.map((r) => r.status))).toEqual({ 401: PER_IP, 429: BURST - PER_IP });
    const limited = results.find((r) => r.status === 429)!;
    expect(limited.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: Messages.platform.tooManyRequests });
  });

  it('counts registration, resend-verification and forgot-password before acting, per account and per address', async () => {
    for (const path of ['/api/auth/forgot-password', '/api/auth/resend-verification']) {
      const email = uniqueEmail('burst-acct');
      const perAccount = await burst(BURST, () => call(api, 'POST', path, { body: { email }, headers: { 'x-forwarded-for': clientIp() } }));
      expect({ path, statuses: tally(perAccount.map((r) => r.status)) }).toEqual({ path, statuses: { 200: PER_ACCOUNT, 429: BURST - PER_ACCOUNT } });
      const ip = clientIp();
      const perIp = await burst(BURST, () => call(api, 'POST', path, { body: { email: uniqueEmail('burst-ip') }, headers: { 'x-forwarded-for': ip } }));
      expect({ path, statuses: tally(perIp.map((r) => r.status)) }).toEqual({ path, statuses: { 200: PER_IP, 429: BURST - PER_IP } });
    }
    const ip = clientIp();
    const register = await burst(BURST, () => call(api, 'POST', '/api/auth/register', {
      body: { email: uniqueEmail('burst-reg'), password: TEST_PASSWORD, role: 'expert', first_name: 'A', last_name: 'B', agreeToTerms: true, ...EXPERT_CREDENTIALS },
      headers: { 'x-forwarded-for': ip },
    }));
    expect(tally(register.map((r) => r.status))).toEqual({ 201: PER_IP, 429: BURST - PER_IP });
  });

  it('gives the reservation back on success: concurrent right passwords never lock the account out', async () => {
    const user = await createUser(api, 'patient');
    for (let round = 0; round < 3; round++) {
      const results = await burst(PER_ACCOUNT, () => login(user, TEST_PASSWORD));
      expect(results.map((r) => r.status)).toEqual(Array(PER_ACCOUNT).fill(200));
    }
    expect(await countLogs(user.id, 'login')).toBe(3 * PER_ACCOUNT);
  });

  it(`checks at most ${TWO_FACTOR_MAX_FAILURES_PER_WINDOW} wrong codes per account however they are spread over challenges and bursts`, async () => {
    const { user, secret } = await enrolled();
    const checked: number[] = [];
    for (let round = 0; round < 3; round++) {
      const challenge = await challengeFor(user);
      const results = await burst(BURST, () => verify(challenge, wrongCodeFor(secret)));
      expect(results.every((r) => [401, 429].includes(r.status))).toBe(true);
      checked.push(await countLogs(user.id, 'two_factor_failed'));
    }
    // Five per challenge (the challenge then ends), ten per account: the third challenge checks nothing.
    expect(checked).toEqual([TWO_FACTOR_MAX_ATTEMPTS_PER_CHALLENGE, TWO_FACTOR_MAX_FAILURES_PER_WINDOW, TWO_FACTOR_MAX_FAILURES_PER_WINDOW]);
    const locked = await verify(await challengeFor(user), hotp(base32Decode(secret), totpStep(Date.now())));
    expect({ status: locked.status, message: locked.body.message }).toEqual({ status: 429, message: Messages.platform.tooManyRequests });
  });

  it('counts wrong codes in the per-address sign-in limit, reserved before the check', async () => {
    const ip = clientIp();
    const first = await enrolled();
    const second = await enrolled();
    const [a, b] = [await challengeFor(first.user), await challengeFor(second.user)];
    const results = await burst(BURST, (i) => verify(i % 2 ? a : b, wrongCodeFor(i % 2 ? first.secret : second.secret), ip));
    expect(results.every((r) => [401, 429].includes(r.status))).toBe(true);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect((await countLogs(first.user.id, 'two_factor_failed')) + (await countLogs(second.user.id, 'two_factor_failed'))).toBe(PER_IP);
    // The address is now refused at the password step too.
    expect((await login(await createUser(api, 'patient'), TEST_PASSWORD, ip)).status).toBe(429);
  });

  it('keeps one live challenge per account (a new sign-in replaces it) and limits how many are issued per window', async () => {
    const { user, secret } = await enrolled();
    const old = await challengeFor(user);
    const current = await challengeFor(user);
    const replaced = await verify(old, hotp(base32Decode(secret), totpStep(Date.now())));
    expect({ status: replaced.status, message: replaced.body.message }).toEqual({ status: 401, message: TwoFactorTexts.challengeExpired });
    expect((await verify(current, wrongCodeFor(secret))).body.message).toBe(TwoFactorTexts.invalidCode);

    const other = await enrolled();
    const results = await burst(PER_ACCOUNT, () => login(other.user, TEST_PASSWORD));
    expect(tally(results.map((r) => r.status))).toEqual({ 200: CHALLENGES, 429: PER_ACCOUNT - CHALLENGES });
    const issued = results.filter((r) => r.status === 200).map((r) => (r.body as TwoFactorChallengeResponse).challenge);
    const answers = await Promise.all(issued.map((challenge) => verify(challenge, wrongCodeFor(other.secret))));
    // Only the last one issued is live.
    expect(answers.map((r) => r.body.message).sort()).toEqual([...Array(CHALLENGES - 1).fill(TwoFactorTexts.challengeExpired), TwoFactorTexts.invalidCode].sort());
  });
});
