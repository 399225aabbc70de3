import { ApiErrorBody, Messages } from '@cqa/contracts';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, EXPERT_CREDENTIALS, TEST_PASSWORD, uniqueEmail } from '../../../test/accounts-helpers';
import { canonicalEmail } from './account-key';

/** A client address of its own per test, believed because TRUST_PROXY is on, so counts from other tests do not mix in. */
const clientIp = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

describe('auth throttling (Redis)', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_throttle`, TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_ACCOUNT: '2', AUTH_RATE_LIMIT_WINDOW_SECONDS: '600' });
  });
  afterAll(async () => { await api.close(); });

  const attempt = (path: string, email: string, ip: string) =>
    call<ApiErrorBody>(api, 'POST', path, { body: path.endsWith('login') ? { email, password: 'whatever-1', role: 'patient' } : { email }, headers: { 'x-forwarded-for': ip } });

  it('limits each client IP, answering 429 with the platform text', async () => {
    const ip = clientIp();
    for (let i = 0; i < 3; i++) expect((await attempt('/api/auth/login', uniqueEmail('ip'), ip)).status).toBe(401);
    const limited = await attempt('/api/auth/login', uniqueEmail('ip'), ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: Messages.platform.tooManyRequests });
    // Another client is not affected.
    expect((await attempt('/api/auth/login', uniqueEmail('ip'), clientIp())).status).toBe(401);
  });

  it('limits each account across addresses, for every throttled action', async () => {
    for (const path of ['/api/auth/login', '/api/auth/forgot-password', '/api/auth/resend-verification']) {
      const email = uniqueEmail('acct');
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await attempt(path, email, clientIp())).status);
      expect({ path, statuses }).toEqual({ path, statuses: path.endsWith('login') ? [401, 401, 429] : [200, 200, 429] });
    }
  });

  it('limits registration too', async () => {
    const email = uniqueEmail('reg');
    const body = { email, password: 'Correct-horse-9', role: 'expert', first_name: 'A', last_name: 'B', agreeToTerms: true, ...EXPERT_CREDENTIALS };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(api, 'POST', '/api/auth/register', { body, headers: { 'x-forwarded-for': clientIp() } })).status);
    expect(statuses).toEqual([201, 409, 429]);
  });
});

/**
 * users.email is compared under its collation (case, accents, width and zero-width characters ignored), so an address
 * has many spellings that reach one account; every per-account limit counts them as one.
 */
describe('per-account limits across spellings of an address (Redis, MariaDB)', () => {
  const PER_ACCOUNT = 10;
  let api: RunningApi;
  let db: DataSource;
  beforeAll(async () => {
    api = await startApi({
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_spellings`, TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT), AUTH_RATE_LIMIT_WINDOW_SECONDS: '600',
    });
    db = api.app.get(DataSource);
  });
  afterAll(async () => { await api.close(); });

  /** Spellings of `aeiou-<hex>@example.test` that MariaDB takes for the same address (and the old key, lower-cased, did not). */
  const spellingsOf = (email: string) => {
    const [local, domain] = email.split('@') as [string, string];
    const rest = local.slice(5);
    return [
      `áeiou${rest}`, `àeiou${rest}`, `ÄEIOU${rest}`, `aéiou${rest}`, `aeïou${rest}`, `aeiöu${rest}`, `aeioú${rest}`,
      `ａeiou${rest}`, `a\u0301eiou${rest}`, `ae\u200Biou${rest}`, `ÂÊÎÔÛ${rest}`,
    ].map((l) => `${l}@${domain}`);
  };
  const send = (path: string, body: Record<string, unknown>) =>
    call<ApiErrorBody>(api, 'POST', path, { body, headers: { 'x-forwarded-for': clientIp() } });

  it('locks an account out after ten failed sign-ins in total, whichever spelling of its address each used', async () => {
    const patient = await createUser(api, 'patient', { label: 'aeiou' });
    const spellings = spellingsOf(patient.email);
    const statuses: number[] = [];
    for (const email of spellings.slice(0, PER_ACCOUNT)) statuses.push((await send('/api/auth/login', { email, password: 'Wrong-password-1', role: 'patient' })).status);
    expect(statuses).toEqual(Array(PER_ACCOUNT).fill(401));
    // Locked, even with the right password, under any spelling: the plain one, another accented one.
    expect((await send('/api/auth/login', { email: patient.email, password: TEST_PASSWORD, role: 'patient' })).status).toBe(429);
    expect((await send('/api/auth/login', { email: spellings[PER_ACCOUNT], password: TEST_PASSWORD, role: 'patient' })).status).toBe(429);
  });

  it('counts forgot-password and resend-verification once per address, for a registered address and for an unknown one', async () => {
    const registered = (await createUser(api, 'patient', { label: 'aeiou', verified: false })).email;
    const unknown = uniqueEmail('aeiou');
    for (const [path, email] of [['/api/auth/forgot-password', registered], ['/api/auth/resend-verification', registered], ['/api/auth/forgot-password', unknown]] as const) {
      const statuses: number[] = [];
      for (const spelling of spellingsOf(email).slice(0, PER_ACCOUNT + 1)) statuses.push((await send(path, { email: spelling })).status);
      expect({ path, statuses }).toEqual({ path, statuses: [...Array(PER_ACCOUNT).fill(200), 429] });
    }
  });

  const registration = (email: string) => ({ email, password: TEST_PASSWORD, role: 'expert', first_name: 'A', last_name: 'B', agreeToTerms: true, ...EXPERT_CREDENTIALS });

  it('counts registrations once per address, whichever spelling each used', async () => {
    const email = uniqueEmail('aeiou');
    const statuses: number[] = [];
    for (const spelling of [email, ...spellingsOf(email).slice(0, PER_ACCOUNT)]) statuses.push((await send('/api/auth/register', registration(spelling))).status);
    expect(statuses).toEqual([201, ...Array(PER_ACCOUNT - 1).fill(409), 429]);
  });

  it('refuses an address the database confuses with a registered one as already registered, also when both race', async () => {
    const email = uniqueEmail('aeiou');
    expect((await send('/api/auth/register', registration(email))).status).toBe(201);
    const accented = await send('/api/auth/register', registration(spellingsOf(email)[0]!));
    expect({ status: accented.status, message: accented.body.message }).toEqual({ status: 409, message: Messages.errors.emailRegistered });

    const racing = uniqueEmail('aeiou');
    const both = await Promise.all([racing, spellingsOf(racing)[3]!].map((e) => send('/api/auth/register', registration(e))));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toBe(Messages.errors.emailRegistered);
    // The address is kept as it was typed (it is the mailbox), not in its canonical form.
    expect(await db.query('SELECT email FROM users WHERE email = ?', [email])).toEqual([{ email }]);
  });

  it("gives one canonical form to every group of letters users.email's collation takes as equal", async () => {
    const [{ collation }] = await db.query(
      "SELECT COLLATION_NAME AS collation FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'users' AND COLUMN_NAME = 'email'",
    );
    expect(collation).toBe('utf8mb4_unicode_ci');
    const letters: string[] = [];
    const ranges = [[0x41, 0x5a], [0x61, 0x7a], [0xc0, 0x24f], [0x1e00, 0x1eff], [0xfb00, 0xfb06], [0xff21, 0xff3a], [0xff41, 0xff5a]];
    for (const [from, to] of ranges) for (let code = from!; code <= to!; code++) if (code !== 0xd7 && code !== 0xf7) letters.push(String.fromCodePoint(code));
    // Two-letter groups catch the collation's expansions (ß as ss, œ as oe, ﬁ as fi).
    for (let a = 0x61; a <= 0x7a; a++) for (let b = 0x61; b <= 0x7a; b++) letters.push(String.fromCharCode(a, b));
    const weights = (await db.query(
      `SELECT HEX(WEIGHT_STRING(CONVERT(s USING utf8mb4) COLLATE ${collation})) AS w FROM JSON_TABLE(?, '$[*]' COLUMNS (i FOR ORDINALITY, s VARCHAR(4) PATH '$')) AS t ORDER BY i`,
      [JSON.stringify(letters)],
    )) as { w: string }[];
    const groups = new Map<string, Set<string>>();
    letters.forEach((letter, i) => {
      // Two phonetic letters the collation expands (ƍ as zw, ƾ as ts): no address is written with them.
      if (letter === 'ƍ' || letter === 'ƾ') return;
      const forms = groups.get(weights[i]!.w) ?? new Set<string>();
      groups.set(weights[i]!.w, forms.add(canonicalEmail(letter)));
    });
    const split = [...groups.values()].filter((forms) => forms.size > 1).map((forms) => [...forms]);
    expect(split).toEqual([]);
  });
});
