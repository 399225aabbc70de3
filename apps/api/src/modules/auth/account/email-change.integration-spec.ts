import { AccountPageTexts, AccountPaths, ApiErrorBody, AuthTexts, Messages } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { call, createUser, signIn, TEST_PASSWORD, uniqueEmail } from '../../../../test/accounts-helpers';

const PUBLIC_URL = 'http://cqa.example.test';

// Issue 44: a signed-in account moves to another address; the change waits for the link sent there.
describe('changing the e-mail address over HTTP (real MariaDB and Redis)', () => {
  let api: RunningApi;
  let ds: DataSource;
  beforeAll(async () => {
    api = await startApi({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_email_change`, PUBLIC_URL });
    ds = api.app.get(DataSource);
  });
  afterAll(async () => { await api.close(); });

  const error = (r: { body: unknown }) => (r.body as ApiErrorBody).message;
  const mailsTo = async (address: string) =>
    (await ds.query('SELECT kind, link FROM mail_outbox WHERE recipient = ? ORDER BY id', [address])) as { kind: string; link: string }[];
  const tokenOf = (link: string) => decodeURIComponent(link.slice(`${PUBLIC_URL}/confirm-email/`.length));
  const emailOf = async (id: string) => ((await ds.query('SELECT email, email_confirmed_at FROM users WHERE id = ?', [id])) as { email: string }[])[0]!.email;
  const confirm = (token: unknown) => call(api, 'POST', AccountPaths.emailConfirm, { body: { token } });

  it('sends a link to the new address and tells the old one; the address changes only when the link is opened, once', async () => {
    const patient = await createUser(api, 'patient');
    const { token } = await signIn(api, patient);
    const next = uniqueEmail('moved');
    const asked = await call(api, 'POST', AccountPaths.email, { token, body: { password: TEST_PASSWORD, new_email: next.toUpperCase() } });
    expect(asked).toMatchObject({ status: 200, body: { message: AccountPageTexts.emailChangeSent } });
    expect(await emailOf(patient.id)).toBe(patient.email);
    expect((await mailsTo(patient.email)).map((m) => m.kind)).toEqual(['email-change-requested']);
    const [link] = await mailsTo(next);
    expect(link).toMatchObject({ kind: 'email-change-confirm' });
    expect(link!.link.startsWith(`${PUBLIC_URL}/confirm-email/`)).toBe(true);

    // The old address still signs in until the link is opened.
    expect((await signIn(api, patient)).token).toBeTruthy();
    expect(await confirm(tokenOf(link!.link))).toMatchObject({ status: 200, body: { message: AccountPageTexts.emailChanged } });
    expect(await emailOf(patient.id)).toBe(next);
    expect((await mailsTo(patient.email)).map((m) => m.kind)).toEqual(['email-change-requested', 'email-changed']);
    const old = await call(api, 'POST', '/api/auth/login', { body: { email: patient.email, password: TEST_PASSWORD, role: 'patient' } });
    expect(error(old)).toBe(AuthTexts.invalidCredentials);
    expect((await signIn(api, { ...patient, email: next })).token).toBeTruthy();
    expect(error(await confirm(tokenOf(link!.link)))).toBe(AccountPageTexts.emailChangeInvalid);
    const events = (await ds.query('SELECT event_type FROM auth_logs WHERE user_id = ? AND event_type LIKE ? ', [patient.id, 'email%'])) as { event_type: string }[];
    expect(events.map((e) => e.event_type).sort()).toEqual(['email_change_requested', 'email_changed']);
  });

  it('refuses a wrong password, the same address, one in use, an invalid one, and a caller who is not signed in', async () => {
    const expert = await createUser(api, 'expert');
    const other = await createUser(api, 'patient');
    const { token } = await signIn(api, expert);
    const ask = (password: unknown, new_email: unknown, bearer: string | undefined = token) =>
      call(api, 'POST', AccountPaths.email, { token: bearer, body: { password, new_email } });
    expect(error(await ask('Wrong-password-1', uniqueEmail('x')))).toBe(AccountPageTexts.currentPasswordWrong);
    expect(error(await ask(TEST_PASSWORD, expert.email.toUpperCase()))).toBe(AccountPageTexts.emailSame);
    const taken = await ask(TEST_PASSWORD, other.email);
    expect(taken.status).toBe(409);
    expect(error(taken)).toBe(AccountPageTexts.emailInUse);
    expect(error(await ask(TEST_PASSWORD, 'not-an-address'))).toBe(Messages.validation.emailInvalid);
    expect(error(await ask('', uniqueEmail('x')))).toBe(AccountPageTexts.currentPasswordRequired);
    expect((await ask(TEST_PASSWORD, uniqueEmail('x'), '')).status).toBe(401);
    expect(await mailsTo(expert.email)).toEqual([]);
  });

  it('keeps only the newest link, refuses an expired one and an address taken meanwhile, and an unknown token', async () => {
    const patient = await createUser(api, 'patient');
    const { token } = await signIn(api, patient);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    for (const new_email of [first, second]) {
      expect((await call(api, 'POST', AccountPaths.email, { token, body: { password: TEST_PASSWORD, new_email } })).status).toBe(200);
    }
    const [firstLink] = await mailsTo(first);
    const [secondLink] = await mailsTo(second);
    expect(error(await confirm(tokenOf(firstLink!.link)))).toBe(AccountPageTexts.emailChangeInvalid);
    expect(error(await confirm('no-such-token'))).toBe(AccountPageTexts.emailChangeInvalid);
    expect(error(await confirm(''))).toBe(AccountPageTexts.emailChangeInvalid);

    await ds.query("UPDATE email_tokens SET expires_at = NOW(3) - INTERVAL 1 MINUTE WHERE user_id = ? AND purpose = 'change_email' AND used_at IS NULL", [patient.id]);
    expect(error(await confirm(tokenOf(secondLink!.link)))).toBe(AccountPageTexts.emailChangeExpired);
    expect(await emailOf(patient.id)).toBe(patient.email);

    // Asked again; someone registers the address before the link is opened.
    await call(api, 'POST', AccountPaths.email, { token, body: { password: TEST_PASSWORD, new_email: second } });
    const [, again] = await mailsTo(second);
    await createUser(api, 'patient').then((u) => ds.query('UPDATE users SET email = ? WHERE id = ?', [second, u.id]));
    const raced = await confirm(tokenOf(again!.link));
    expect(raced.status).toBe(409);
    expect(error(raced)).toBe(AccountPageTexts.emailInUse);
    expect(await emailOf(patient.id)).toBe(patient.email);
  });
});
