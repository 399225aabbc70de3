import { Messages } from '@cqa/contracts';
import { DataSource, QueryRunner } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, uniqueEmail } from '../../../test/accounts-helpers';
import { ACCOUNT_BLIND_ANSWER_MS } from './accounts.service';

jest.setTimeout(120_000);

/**
 * Issue 27, item 7: forgot-password and resend-verification answer alike, in words and in time, whether or not the
 * address has an account. A known address's work (its token and outbox row) is held up here by a lock on its user row
 * (the token's foreign key check waits for it): the answer must not wait with it.
 */
describe('forgot-password and resend-verification do not tell which addresses have an account (real MariaDB)', () => {
  let api: RunningApi;
  let db: DataSource;
  beforeAll(async () => {
    api = await startApi({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_blind`, TRUST_PROXY: 'true' });
    db = api.app.get(DataSource);
  });
  afterAll(async () => { await api.close(); });

  let ipCounter = 0;
  const timed = async (path: string, email: string) => {
    const started = performance.now();
    const result = await call(api, 'POST', path, { body: { email }, headers: { 'x-forwarded-for': `2001:db8:7::${++ipCounter}` } });
    return { status: result.status, body: result.body, ms: performance.now() - started };
  };
  const outboxRows = async (email: string) =>
    Number((await db.query('SELECT COUNT(*) AS n FROM mail_outbox WHERE recipient = ?', [email]))[0].n);

  async function lockUserRow(userId: string): Promise<QueryRunner> {
    const runner = db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    await runner.query('SELECT id FROM users WHERE id = ? FOR UPDATE', [userId]);
    return runner;
  }

  async function waitForRow(email: string): Promise<number> {
    for (let i = 0; i < 100; i++) {
      const n = await outboxRows(email);
      if (n > 0) return n;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return 0;
  }

  const cases = [
    { path: '/api/auth/forgot-password', message: Messages.success.resetSent, known: () => createUser(api, 'patient') },
    { path: '/api/auth/resend-verification', message: Messages.success.verificationSent, known: () => createUser(api, 'patient', { verified: false }) },
  ];

  it.each(cases)('$path answers a known and an unknown address with the same words after the same fixed time', async ({ path, message, known }) => {
    const user = await known();
    // Long enough that an answer waiting for the held row cannot pass for one that did not, even on a loaded machine.
    const held = 4_000;
    const lock = await lockUserRow(user.id);
    const released = new Promise<void>((resolve) => setTimeout(() => void lock.rollbackTransaction().then(() => lock.release()).then(resolve), held));
    const answers = await Promise.all([timed(path, user.email), timed(path, uniqueEmail('nobody'))]);
    expect(await outboxRows(user.email)).toBe(0);
    await released;
    const [knownAnswer, unknownAnswer] = answers;
    expect(knownAnswer).toMatchObject({ status: 200, body: { message } });
    expect(unknownAnswer).toMatchObject({ status: 200, body: { message } });
    for (const { ms } of answers) {
      expect(ms).toBeGreaterThanOrEqual(ACCOUNT_BLIND_ANSWER_MS - 5);
      expect(ms).toBeLessThan(held * 0.75);
    }
    // The held work finishes after the answer: the email still goes out.
    expect(await waitForRow(user.email)).toBe(1);
  });
});
