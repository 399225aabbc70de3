import {
  AdminUserListResponse, ApiErrorBody, AUTH_FORM_ROUTES, CREDENTIAL_PROBLEMS, CredentialPaths, CredentialsUpdateResponse, ExpertCredentialTexts,
  QuestionDetail, QuestionPaths, RegisterResponse, StoredExpertCredentials, UserDetailResponse,
} from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { call, createUser, EXPERT_CREDENTIALS, signIn, TEST_PASSWORD, uniqueEmail } from '../../../../test/accounts-helpers';
import { Actor, actor, answer, ask, EXPERT_FIELDS } from '../../questions/test/questions-helpers';
import { UserEntity } from '../entities/user.entity';

const NOT_GIVEN: StoredExpertCredentials = { specialty: null, licence_number: null, institution: null };

// Issue 44 item 7: an expert's specialty, licence or registration number and institution, from registration to the answers' byline.
describe("experts' professional details over HTTP (real MariaDB and Redis)", () => {
  let api: RunningApi;
  let admin: Actor;
  beforeAll(async () => {
    api = await startApi({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_credentials` });
    admin = await actor(api, 'admin');
  });
  afterAll(async () => { await api.close(); });

  const error = (r: { body: unknown }) => (r.body as ApiErrorBody).message;
  const stored = async (email: string) => {
    const user = await api.app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ email });
    return { specialty: user.specialty, licence_number: user.licenceNumber, institution: user.institution };
  };
  const listed = async (role: 'patient' | 'expert', email: string) => {
    const list = await call<AdminUserListResponse>(api, 'GET', `/api/admin/${role}s-auth`, { token: admin.token });
    return list.body.users.find((u) => u.email === email);
  };
  const registration = (overrides: Record<string, unknown> = {}) => ({
    email: uniqueEmail('cred'), password: TEST_PASSWORD, role: 'expert', first_name: 'Ann', last_name: 'Lee', agreeToTerms: true, ...overrides,
  });
  const register = (body: Record<string, unknown>) => call<RegisterResponse>(api, 'POST', '/api/auth/register', { body });

  describe('registration', () => {
    it('refuses an expert without them, saying what each one lacks', async () => {
      const missing = await register(registration());
      expect(missing.status).toBe(400);
      expect(error(missing)).toBe([CREDENTIAL_PROBLEMS.required.specialty, CREDENTIAL_PROBLEMS.required.licence_number, CREDENTIAL_PROBLEMS.required.institution].join('; '));

      const blank = await register(registration({ specialty: '   ', licence_number: EXPERT_CREDENTIALS.licence_number, institution: EXPERT_CREDENTIALS.institution }));
      expect(error(blank)).toBe(ExpertCredentialTexts.specialtyRequired);
      const tooLong = await register(registration({ specialty: 's'.repeat(101), licence_number: 'l'.repeat(61), institution: 'i'.repeat(201) }));
      expect(error(tooLong)).toBe([
        'Specialty must be at most 100 characters long.', 'Licence or registration number must be at most 60 characters long.',
        'Institution must be at most 200 characters long.',
      ].join('; '));
      const twoLines = await register(registration({ ...EXPERT_CREDENTIALS, institution: 'Royal Hospital\nDr Evil' }));
      expect(error(twoLines)).toBe(ExpertCredentialTexts.controlCharacters);
      const notText = await register(registration({ ...EXPERT_CREDENTIALS, licence_number: 12345 }));
      expect(error(notText)).toBe(ExpertCredentialTexts.licenceRequired);
    });

    it('stores an expert\'s trimmed, and shows them to admins in the list and on the approval page', async () => {
      const body = registration({ specialty: '  radiation oncologist ', licence_number: ' GMC 1234567 ', institution: ' St Elsewhere Hospital ', first_name: 'Rad' });
      const created = await register(body);
      expect(created.status).toBe(201);
      const expected = { specialty: 'radiation oncologist', licence_number: 'GMC 1234567', institution: 'St Elsewhere Hospital' };
      expect(await stored(body.email)).toEqual(expected);
      expect((await listed('expert', body.email))?.credentials).toEqual(expected);
      const detail = await call<UserDetailResponse>(api, 'GET', `/api/user/${created.body.user.id}`, { token: admin.token });
      expect(detail.body.credentials).toEqual(expected);
    });

    it("ignores a patient's (never stored, never listed), as an expert's patient fields are", async () => {
      const body = registration({ role: 'patient', hipaa_consent: true, ...EXPERT_CREDENTIALS, specialty: 'x'.repeat(500) });
      expect((await register(body)).status).toBe(201);
      expect(await stored(body.email)).toEqual(NOT_GIVEN);
      expect((await listed('patient', body.email))?.credentials).toBeNull();
    });

    it('takes them from the form posted without script, and sends the form back with the first missing one', async () => {
      const post = async (fields: Record<string, string>) => {
        const res = await fetch(`${api.baseUrl}${AUTH_FORM_ROUTES.register}`, {
          method: 'POST', redirect: 'manual', body: new URLSearchParams(fields),
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: api.baseUrl, 'sec-fetch-site': 'same-origin' },
        });
        return res.headers.get('location');
      };
      const form = { role: 'expert', first_name: 'Noa', last_name: 'Form', email: uniqueEmail('cred-form'), password: TEST_PASSWORD, agreeToTerms: 'on' };
      expect(await post({ ...form, specialty: '', licence_number: 'ABC', institution: 'Clinic' })).toBe('/?role=expert&mode=register#notice-specialty-required');
      expect(await post({ ...form, ...EXPERT_CREDENTIALS, institution: '' })).toBe('/?role=expert&mode=register#notice-institution-required');
      expect(await post({ ...form, ...EXPERT_CREDENTIALS, licence_number: 'n'.repeat(61) })).toBe('/?role=expert&mode=register#notice-licence-too-long');
      expect(await stored(form.email).catch(() => 'none')).toBe('none');
      expect(await post({ ...form, ...EXPERT_CREDENTIALS })).toBe('/?screen=registered');
      expect(await stored(form.email)).toEqual(EXPERT_CREDENTIALS);
    });
  });

  describe('GET and PUT /api/account/credentials', () => {
    const put = (token: string | undefined, body: unknown) => call<CredentialsUpdateResponse>(api, 'PUT', CredentialPaths.credentials, { token, body });
    const get = (token: string | undefined) => call<StoredExpertCredentials>(api, 'GET', CredentialPaths.credentials, { token });

    it("lets an expert registered before they were asked see none ('not given' to admins), then add them", async () => {
      const expert = await createUser(api, 'expert');
      const { token } = await signIn(api, expert);
      expect((await get(token)).body).toEqual(NOT_GIVEN);
      expect((await listed('expert', expert.email))?.credentials).toEqual(NOT_GIVEN);

      const saved = await put(token, { specialty: ' palliative care physician ', licence_number: 'NMC-42', institution: 'Hospice of Hope ' });
      const expected = { specialty: 'palliative care physician', licence_number: 'NMC-42', institution: 'Hospice of Hope' };
      expect(saved).toMatchObject({ status: 200, body: { message: ExpertCredentialTexts.saved, credentials: expected } });
      expect((await get(token)).body).toEqual(expected);
      expect((await listed('expert', expert.email))?.credentials).toEqual(expected);
    });

    it('refuses missing, too long and multi-line details with their messages, changing nothing', async () => {
      const expert = await createUser(api, 'expert');
      const { token } = await signIn(api, expert);
      await put(token, EXPERT_CREDENTIALS);
      const none = await put(token, {});
      expect(none.status).toBe(400);
      expect(error(none)).toBe([ExpertCredentialTexts.specialtyRequired, ExpertCredentialTexts.licenceRequired, ExpertCredentialTexts.institutionRequired].join('; '));
      expect(error(await put(token, { ...EXPERT_CREDENTIALS, specialty: 'a'.repeat(101) }))).toBe(CREDENTIAL_PROBLEMS.tooLong.specialty);
      expect(error(await put(token, { ...EXPERT_CREDENTIALS, institution: 'b'.repeat(201) }))).toBe(CREDENTIAL_PROBLEMS.tooLong.institution);
      expect(error(await put(token, { ...EXPERT_CREDENTIALS, licence_number: 'A\tB' }))).toBe(ExpertCredentialTexts.controlCharacters);
      expect(error(await put(token, { ...EXPERT_CREDENTIALS, user_id: admin.id }))).toBe('property user_id should not exist');
      expect(await stored(expert.email)).toEqual(EXPERT_CREDENTIALS);
      // At the limits exactly: accepted.
      const longest = { specialty: 'a'.repeat(100), licence_number: 'b'.repeat(60), institution: 'c'.repeat(200) };
      expect((await put(token, longest)).status).toBe(200);
      expect(await stored(expert.email)).toEqual(longest);
    });

    it("refuses anyone but an expert, and an expert changes only their own account's", async () => {
      const patient = await signIn(api, await createUser(api, 'patient'));
      const first = await createUser(api, 'expert');
      const second = await signIn(api, await createUser(api, 'expert'));
      await put((await signIn(api, first)).token, EXPERT_CREDENTIALS);

      expect((await get(undefined)).status).toBe(401);
      expect((await put(undefined, EXPERT_CREDENTIALS)).status).toBe(401);
      for (const token of [patient.token, admin.token]) {
        expect((await get(token)).status).toBe(403);
        expect((await put(token, EXPERT_CREDENTIALS)).status).toBe(403);
      }
      // Nothing names the account: another expert's PUT writes their own row, never the first expert's.
      expect((await put(second.token, { specialty: 'oncology nurse', licence_number: 'X-1', institution: 'Elsewhere' })).status).toBe(200);
      expect(await stored(first.email)).toEqual(EXPERT_CREDENTIALS);
      expect((await get(second.token)).body.specialty).toBe('oncology nurse');
    });
  });

  describe("an expert answer's byline", () => {
    it('carries the author\'s specialty and institution to patients, never the licence number; none for an expert without them', async () => {
      const patient = await actor(api, 'patient');
      const withDetails = await actor(api, 'expert');
      const without = await actor(api, 'expert');
      await call(api, 'PUT', CredentialPaths.credentials, { token: withDetails.token, body: EXPERT_CREDENTIALS });
      const questionId = await ask(api, patient, 'Should I ask about a clinical trial for my lymphoma?');
      const posted = await answer(api, withDetails, questionId, { answer_text: 'Ask your team about trials near you.', ...EXPERT_FIELDS });
      expect(posted).toMatchObject({ expert_specialty: EXPERT_CREDENTIALS.specialty, expert_institution: EXPERT_CREDENTIALS.institution });
      await answer(api, without, questionId, { answer_text: 'Trials are worth asking about.', ...EXPERT_FIELDS });

      const shown = await call<QuestionDetail>(api, 'GET', QuestionPaths.one(questionId), { token: patient.token });
      expect(shown.status).toBe(200);
      const byText = Object.fromEntries(shown.body.answers.expert.map((a) => [a.answer_text, [a.expert_name, a.expert_specialty, a.expert_institution]]));
      expect(byText).toEqual({
        'Ask your team about trials near you.': ['Test expert', EXPERT_CREDENTIALS.specialty, EXPERT_CREDENTIALS.institution],
        'Trials are worth asking about.': ['Test expert', null, null],
      });
      expect(JSON.stringify(shown.body)).not.toContain(EXPERT_CREDENTIALS.licence_number);
    });
  });
});
