import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { NotificationSettingsRepository } from '../modules/notifications/notification-settings.repository';
import { createDatabaseIfMissing, dropDatabase, migrate, withDataSource } from './database-admin';
import { HashUnsubscribeTokens1795600000208 } from './migrations/1795600000208-HashUnsubscribeTokens';

// A database of its own: the migration is taken down and up again here.
const ownDatabase = (() => {
  const server = new URL(process.env.DATABASE_URL!);
  server.pathname = `${server.pathname}_unsubtokens`;
  return server.toString();
})();

describe('migration 1795600000208: unsubscribe tokens kept as sha256 (real MariaDB)', () => {
  beforeAll(async () => {
    await createDatabaseIfMissing(ownDatabase);
    await migrate(ownDatabase);
  }, 120000);
  afterAll(() => dropDatabase(ownDatabase));

  it('up hashes the existing tokens (links already e-mailed keep working) and drops the clear column; down gives new random tokens', async () => {
    await withDataSource(ownDatabase, async (ds) => {
      const migration = new HashUnsubscribeTokens1795600000208();
      const runner = ds.createQueryRunner();
      try {
        await migration.down(runner);
        const userId = randomUUID();
        const token = randomBytes(32).toString('base64url');
        await ds.query(
          "INSERT INTO users (id, email, password_hash, role, first_name, last_name) VALUES (?, ?, 'x', 'patient', 'A', 'B')",
          [userId, `${userId}@example.test`],
        );
        await ds.query('INSERT INTO notification_settings (user_id, unsubscribe_token) VALUES (?, ?)', [userId, token]);

        await migration.up(runner);
        expect(await ds.query('SELECT token_hash, used_at FROM unsubscribe_tokens WHERE user_id = ?', [userId]))
          .toEqual([{ token_hash: createHash('sha256').update(token).digest('hex'), used_at: null }]);
        expect(await ds.query("SHOW COLUMNS FROM notification_settings LIKE 'unsubscribe_token'")).toEqual([]);
        const settings = new NotificationSettingsRepository(ds);
        expect(await settings.linkState(token)).toBe('fresh');
        expect(await settings.unsubscribe(token)).toBe('done');
        expect(await settings.get(userId)).toEqual({ answerEmails: false, expertDigest: false });

        // The clear token cannot come back: a new random one, so old links stop working after a downgrade.
        await migration.down(runner);
        const [row] = (await ds.query('SELECT unsubscribe_token FROM notification_settings WHERE user_id = ?', [userId])) as [{ unsubscribe_token: string }];
        expect(row.unsubscribe_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(row.unsubscribe_token).not.toBe(token);
        expect((await ds.query("SHOW TABLES LIKE 'unsubscribe_tokens'")) as unknown[]).toEqual([]);
        await migration.up(runner);
        expect(await settings.linkState(row.unsubscribe_token)).toBe('fresh');
      } finally {
        await runner.release();
      }
    });
  });
});
