import { Logger } from '@nestjs/common';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser } from '../../../test/accounts-helpers';
import { MAIL_DIR } from './mail.service';

describe('email without SMTP_URL: .eml files and a logged link', () => {
  let api: RunningApi;
  beforeAll(async () => { api = await startApi({ SMTP_URL: '', PUBLIC_URL: 'http://files.test' }); });
  afterAll(async () => { await api.close(); });

  it('writes the message to var/mail and logs its file and link, never the recipient', async () => {
    const logged: string[] = [];
    const spy = jest.spyOn(Logger.prototype, 'log').mockImplementation(function (this: Logger, message: unknown) { logged.push(String(message)); });
    const written: string[] = [];
    try {
      const user = await createUser(api, 'patient');
      const before = new Set(await readdir(MAIL_DIR).catch(() => [] as string[]));
      const result = await call(api, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
      expect(result.status).toBe(200);

      written.push(...(await readdir(MAIL_DIR)).filter((f) => !before.has(f)));
      expect(written).toHaveLength(1);
      expect(written[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);
      const eml = (await readFile(path.join(MAIL_DIR, written[0]!), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(eml).toContain(`To: ${user.email}`);
      const link = /http:\/\/files\.test\/reset-password\?token=[A-Za-z0-9_-]+/.exec(eml)?.[0];
      expect(link).toBeDefined();

      const line = logged.find((l) => l.includes(written[0]!));
      expect(line).toContain(`var/mail/${written[0]}`);
      expect(line).toContain(link);
      expect(line).not.toContain(user.email);
    } finally {
      spy.mockRestore();
      await Promise.all(written.map((f) => rm(path.join(MAIL_DIR, f), { force: true })));
    }
  });
});
