import { Logger } from '@nestjs/common';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser } from '../../../test/accounts-helpers';
import { MAIL_DIR } from './mail.service';
import { startWorker, waitFor } from '../../../test/worker-harness';
import type { INestApplicationContext } from '@nestjs/common';

describe('email without SMTP_URL: .eml files and a logged link', () => {
  let api: RunningApi;
  let worker: INestApplicationContext;
  beforeAll(async () => {
    api = await startApi({ SMTP_URL: '', PUBLIC_URL: 'http://files.test' });
    worker = await startWorker({ SMTP_URL: '', PUBLIC_URL: 'http://files.test' });
  }, 90000);
  afterAll(async () => {
    await worker?.close();
    await api.close();
  });

  it('writes the message to var/mail and logs its file and link, never the recipient', async () => {
    const logged: string[] = [];
    const spy = jest.spyOn(Logger.prototype, 'log').mockImplementation(function (this: Logger, message: unknown) { logged.push(String(message)); });
    const written: string[] = [];
    try {
      const user = await createUser(api, 'patient');
      const before = new Set(await readdir(MAIL_DIR).catch(() => [] as string[]));
      const result = await call(api, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
      expect(result.status).toBe(200);

      // The worker sends it from the mail queue, a moment after the answer. Other suites' workers may write to the same
      // folder meanwhile, so only the file addressed to this user counts.
      const mine = async () => {
        const files = (await readdir(MAIL_DIR).catch(() => [] as string[])).filter((f) => !before.has(f));
        const contents = await Promise.all(files.map((f) => readFile(path.join(MAIL_DIR, f), 'utf8').catch(() => '')));
        return files.filter((_, i) => contents[i]!.includes(`To: ${user.email}`));
      };
      written.push(...(await waitFor(mine, (files) => files.length > 0)));
      await waitFor(async () => logged.some((l) => l.includes(written[0]!)), Boolean);
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
