import { expect } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { e2eRun } from './run-id';

export interface ReceivedMail { to: string[]; subject: string; text: string; listUnsubscribe?: string; listUnsubscribePost?: string }

/** Every message the SMTP sink of serve.mjs has received so far, oldest first. */
export function receivedMail(): ReceivedMail[] {
  const { mailDir } = e2eRun();
  if (!existsSync(mailDir)) return [];
  return readdirSync(mailDir).filter((f) => f.endsWith('.json')).sort()
    .map((f) => JSON.parse(readFileSync(path.join(mailDir, f), 'utf8')) as ReceivedMail);
}

/** Waits for the newest message to `to` whose subject matches, and returns the first link in it that matches `link`. */
export async function linkFromMail(to: string, subject: RegExp, link: RegExp): Promise<string> {
  let found: string | undefined;
  await expect.poll(() => {
    const mail = receivedMail().filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject)).at(-1);
    found = mail?.text.match(link)?.[0];
    return found;
  }, { message: `an email "${subject}" to ${to}`, timeout: 15_000 }).toBeTruthy();
  return found as string;
}
