import { AccountTexts, Messages } from '@cqa/contracts';
import { verify } from 'argon2';
import { adminInputProblems, createAdmin } from './create-admin';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './seed/demo-accounts';
import { createDatabaseIfMissing, dropDatabase, migrate, revertLast, withDataSource } from './database-admin';
import { MIGRATIONS } from './migrations';

// A database of its own: reverting every migration on the run's shared database would restart its auto-increment ids
// under the other suites, whose queue job ids (mail-<outbox id>, …) would then collide with jobs already done.
const ownDatabase = (() => {
  const server = new URL(process.env.DATABASE_URL!);
  server.pathname = `${server.pathname}_admin`;
  return server.toString();
})();
const url = () => ownDatabase;
const tables = () => withDataSource(url(), async (ds) => (await ds.query('SHOW TABLES')).map((r: Record<string, string>) => Object.values(r)[0]));

describe('migrations and seed (real MariaDB)', () => {
  beforeAll(async () => {
    await createDatabaseIfMissing(ownDatabase);
    await migrate(ownDatabase);
  }, 120000);
  afterAll(() => dropDatabase(ownDatabase));

  it('reverts and re-applies every migration', async () => {
    const accountTables = ['patients', 'email_tokens', 'refresh_tokens', 'auth_logs'];
    expect(await tables()).toEqual(expect.arrayContaining(['users', ...accountTables]));
    for (let i = 0; i < MIGRATIONS.length; i++) expect(await revertLast(url())).toBe(true);
    expect(await revertLast(url())).toBe(false);
    const empty = await tables();
    for (const table of ['users', ...accountTables]) expect(empty).not.toContain(table);
    expect(empty).not.toContain('cancer_questions');
    expect(await migrate(url())).toEqual(MIGRATIONS.map((m) => m.name));
    expect(await tables()).toEqual(expect.arrayContaining(['users', ...accountTables]));
    expect(await migrate(url())).toEqual([]);
  });

  it('creates the users table the accounts work needs', async () => {
    const columns = await withDataSource(url(), (ds) => ds.query('SHOW COLUMNS FROM users'));
    expect(columns.map((c: { Field: string }) => c.Field)).toEqual([
      'id', 'email', 'password_hash', 'role', 'first_name', 'last_name', 'specialty', 'licence_number', 'institution', 'email_confirmed_at',
      'approval_status', 'is_blocked', 'terms_consent', 'terms_consent_date', 'last_sign_in_at', 'created_at', 'updated_at', 'erased_at',
    ]);
    await expect(withDataSource(url(), async (ds) => {
      await ds.query("INSERT INTO users (id, email, password_hash, role, first_name, last_name) VALUES (UUID(), 'dup@x.test', 'h', 'patient', 'A', 'B')");
      await ds.query("INSERT INTO users (id, email, password_hash, role, first_name, last_name) VALUES (UUID(), 'dup@x.test', 'h', 'patient', 'A', 'B')");
    })).rejects.toThrow(/Duplicate entry/);
  });

  it('seeds the demo accounts once, with argon2id hashes, terms consent and the demo patient record', async () => {
    const first = await withDataSource(url(), seedDemoAccounts);
    expect(first).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    expect(await withDataSource(url(), seedDemoAccounts)).toEqual([]);
    const rows = await withDataSource(url(), (ds) => ds.query("SELECT password_hash, approval_status FROM users WHERE email LIKE '%@demo.cancer-qa.test'"));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.approval_status).toBe('approved');
    }
    const consent = await withDataSource(url(), (ds) => ds.query("SELECT COUNT(*) AS n FROM users WHERE email LIKE '%@demo.cancer-qa.test' AND terms_consent = 1 AND terms_consent_date IS NOT NULL"));
    expect(Number(consent[0].n)).toBe(3);
    const patients = await withDataSource(url(), (ds) => ds.query(
      "SELECT p.profile_completion_percentage FROM patients p JOIN users u ON u.id = p.user_id WHERE u.email LIKE '%@demo.cancer-qa.test'"));
    expect(patients).toEqual([{ profile_completion_percentage: 0 }]);
  });

  it('creates an approved, verified admin from the command line input, once', async () => {
    expect(adminInputProblems({ email: 'nope', firstName: '', lastName: 'X', password: 'short' })).toEqual([
      '--email must be an email address', '--first-name is required', 'the password (ADMIN_PASSWORD or standard input) must be at least 8 characters',
    ]);
    expect(adminInputProblems({ email: 'a@b.test', firstName: 'A', lastName: 'B', password: 'Password' })).toEqual([
      `the password: ${Messages.validation.passwordTooCommon}`,
    ]);
    const input = { email: 'First.Admin@Example.test', firstName: 'First', lastName: 'Admin', password: 'Admin-pass-2026' };
    expect(adminInputProblems(input)).toEqual([]);
    const id = await withDataSource(url(), (ds) => createAdmin(ds, input));
    const [row] = await withDataSource(url(), (ds) => ds.query('SELECT email, role, approval_status, email_confirmed_at, password_hash FROM users WHERE id = ?', [id]));
    expect(row).toMatchObject({ email: 'first.admin@example.test', role: 'admin', approval_status: 'approved' });
    expect(row.email_confirmed_at).not.toBeNull();
    expect(await verify(row.password_hash, 'Admin-pass-2026')).toBe(true);
    await expect(withDataSource(url(), (ds) => createAdmin(ds, { ...input, email: 'first.admin@example.test' }))).rejects.toThrow(AccountTexts.adminExists);
  });
});
