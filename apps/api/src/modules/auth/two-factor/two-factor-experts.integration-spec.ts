import {
  ApiErrorBody, SessionResponse, TwoFactorChallengeResponse, TwoFactorEnrolledSessionResponse, TwoFactorPaths, TwoFactorSetupResponse,
  TwoFactorStatusResponse, TwoFactorTexts,
} from '@cqa/contracts';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { call, createUser, refreshCookie, TEST_PASSWORD, TestUser } from '../../../../test/accounts-helpers';
import { base32Decode, hotp, totpStep } from './totp';

// argon2 (passwords, recovery codes) is slow on a shared CI machine.
jest.setTimeout(120_000);

const login = (api: RunningApi, user: TestUser) =>
  call<TwoFactorChallengeResponse & SessionResponse>(api, 'POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD, role: user.role } });
/** An expert route that reads a patient's health data (the reason experts need a second factor). */
const patientProfile = (api: RunningApi, patient: TestUser, token?: string) => call(api, 'GET', `/api/patients?user_id=${patient.id}`, { token });

describe('two-factor sign-in for experts, required by default (TWO_FACTOR_REQUIRED_FOR_EXPERTS)', () => {
  let api: RunningApi;
  beforeAll(async () => {
    // The integration environment turns it off for the other suites; this is the shipped default.
    api = await startApi({ TWO_FACTOR_REQUIRED_FOR_EXPERTS: 'true' });
  });
  afterAll(() => api.close());

  it('sends an expert without a second factor to enrolment; no expert route answers before it is done', async () => {
    const expert = await createUser(api, 'expert');
    const patient = await createUser(api, 'patient');
    const pending = await login(api, expert);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ twoFactorRequired: true, enrolmentRequired: true });
    expect(pending.body.accessToken).toBeUndefined();
    expect(refreshCookie(pending)).toBeUndefined();
    expect((await call(api, 'POST', '/api/auth/refresh')).status).toBe(204); // no cookie was set: no session
    expect((await patientProfile(api, patient)).status).toBe(401);
    expect((await patientProfile(api, patient, pending.body.challenge)).status).toBe(401); // a challenge is no access token
    // A code cannot skip the enrolment.
    expect((await call(api, 'POST', TwoFactorPaths.verify, { body: { challenge: pending.body.challenge, code: '123456' } })).status).toBe(401);

    const setup = await call<TwoFactorSetupResponse>(api, 'POST', TwoFactorPaths.enrolSetup, { body: { challenge: pending.body.challenge } });
    expect(setup.status).toBe(200);
    const code = hotp(base32Decode(setup.body.secret), totpStep(Date.now()));
    const done = await call<TwoFactorEnrolledSessionResponse>(api, 'POST', TwoFactorPaths.enrolConfirm, { body: { challenge: pending.body.challenge, code } });
    expect(done.status).toBe(200);
    expect(done.body.user.role).toBe('expert');
    expect(done.body.recoveryCodes).toHaveLength(10);
    const token = done.body.accessToken;
    expect((await patientProfile(api, patient, token)).status).toBe(200);

    const status = await call<TwoFactorStatusResponse>(api, 'GET', TwoFactorPaths.status, { token });
    expect(status.body).toEqual({ enabled: true, required: true, recoveryCodesLeft: 10 });
    const off = await call<ApiErrorBody>(api, 'POST', TwoFactorPaths.disable, { token, body: { password: TEST_PASSWORD, code } });
    expect({ status: off.status, message: off.body.message }).toEqual({ status: 403, message: TwoFactorTexts.requiredForExperts });
    // The next sign-in asks for a code, not for enrolment.
    expect((await login(api, expert)).body).toMatchObject({ twoFactorRequired: true, enrolmentRequired: false });
  });

  it('leaves patients to opt in', async () => {
    const patient = await createUser(api, 'patient');
    const session = await login(api, patient);
    expect(session.status).toBe(200);
    expect(session.body.twoFactorRequired).toBeUndefined();
    expect(session.body.accessToken).toEqual(expect.any(String));
  });
});

describe('two-factor sign-in for experts with TWO_FACTOR_REQUIRED_FOR_EXPERTS=false', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ TWO_FACTOR_REQUIRED_FOR_EXPERTS: 'false', TWO_FACTOR_REQUIRED_FOR_ADMINS: 'true' });
  });
  afterAll(() => api.close());

  it('signs an expert in with the password alone, as before (admins still enrol)', async () => {
    const expert = await createUser(api, 'expert');
    const patient = await createUser(api, 'patient');
    const session = await login(api, expert);
    expect(session.status).toBe(200);
    expect(session.body.twoFactorRequired).toBeUndefined();
    expect(refreshCookie(session)).toBeDefined();
    expect((await patientProfile(api, patient, session.body.accessToken)).status).toBe(200);
    expect((await call<TwoFactorStatusResponse>(api, 'GET', TwoFactorPaths.status, { token: session.body.accessToken })).body)
      .toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    const admin = await createUser(api, 'admin');
    expect((await login(api, admin)).body).toMatchObject({ twoFactorRequired: true, enrolmentRequired: true });
  });
});
