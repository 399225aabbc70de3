import { expect } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { e2eRun } from './run-id';

export interface SentMail { to: string[]; subject: string; text: string; receivedAt: number }

function allMail(): SentMail[] {
  const dir = e2eRun().mailDir;
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as SentMail);
}

/** The newest email to `to` whose subject matches, as the SMTP sink received it (waits up to 10 s). */
export async function waitForMail(to: string, subject: RegExp): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect.poll(() => {
    found = allMail().filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject)).at(-1);
    return Boolean(found);
  }, { timeout: 10_000, message: `an email "${subject}" to ${to}` }).toBe(true);
  return found!;
}

/** The first link in an email that starts with `prefix` (e.g. the app's /verify-email/ path). */
export function linkIn(mail: SentMail, pathPrefix: string): string {
  const link = mail.text.match(new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`))?.[0];
  if (!link) throw new Error(`No ${pathPrefix} link in "${mail.subject}": ${mail.text}`);
  return link;
}
