import { DEMO_ACCOUNTS, seedDemoAccounts } from './seed/demo-accounts';
import { migrate, revertLast, withDataSource } from './database-admin';

const url = () => process.env.DATABASE_URL!;
const tables = () => withDataSource(url(), async (ds) => (await ds.query('SHOW TABLES')).map((r: Record<string, string>) => Object.values(r)[0]));

describe('migrations and seed (real MariaDB)', () => {
  it('reverts and re-applies the users migration', async () => {
    expect(await tables()).toContain('users');
    expect(await revertLast(url())).toBe(true);
    expect(await tables()).not.toContain('users');
    expect(await migrate(url())).toEqual(['CreateUsers1795280400000']);
    expect(await tables()).toContain('users');
    expect(await migrate(url())).toEqual([]);
  });

  it('creates the users table the accounts work needs', async () => {
    const columns = await withDataSource(url(), (ds) => ds.query('SHOW COLUMNS FROM users'));
    expect(columns.map((c: { Field: string }) => c.Field)).toEqual([
      'id', 'email', 'password_hash', 'role', 'first_name', 'last_name', 'email_confirmed_at',
      'approval_status', 'is_blocked', 'created_at', 'updated_at',
    ]);
    await expect(withDataSource(url(), async (ds) => {
      await ds.query("INSERT INTO users (id, email, password_hash, role, first_name, last_name) VALUES (UUID(), 'dup@x.test', 'h', 'patient', 'A', 'B')");
      await ds.query("INSERT INTO users (id, email, password_hash, role, first_name, last_name) VALUES (UUID(), 'dup@x.test', 'h', 'patient', 'A', 'B')");
    })).rejects.toThrow(/Duplicate entry/);
  });

  it('seeds the demo accounts once, with argon2id hashes', async () => {
    const first = await withDataSource(url(), seedDemoAccounts);
    expect(first).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    expect(await withDataSource(url(), seedDemoAccounts)).toEqual([]);
    const rows = await withDataSource(url(), (ds) => ds.query("SELECT password_hash, approval_status FROM users WHERE email LIKE '%@demo.cancer-qa.test'"));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.approval_status).toBe('approved');
    }
  });
});
