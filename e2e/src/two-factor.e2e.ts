import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eRun } from '../support/run-id';
import { submitLogin } from '../support/accounts';
import { expectAccessible } from '../support/pages';
import { totpCode, totpStepNow } from '../support/totp';

const run = e2eRun();
const PASSWORD = 'E2e-two-factor-pass-2026';

/** A fresh admin through the documented command, so the demo admin the other journeys use keeps signing in with a password. */
function createAdmin(): string {
  const email = `tf-admin-${randomBytes(4).toString('hex')}@example.test`;
  const done = spawnSync('node', ['dist/api/apps/api/src/database/cli.js', 'create-admin', '--email', email, '--first-name', 'Tess', '--last-name', 'Factor'], {
    cwd: path.resolve(__dirname, '../..'), env: { ...process.env, ...run.env, ADMIN_PASSWORD: PASSWORD }, encoding: 'utf8',
  });
  if (done.status !== 0) throw new Error(`create-admin failed: ${done.stderr}`);
  return email;
}

test('an admin turns on two-factor sign-in, signs out, and signs in with the code from the authenticator', async ({ page }) => {
  const email = createAdmin();
  await page.goto('/admin/login');
  await submitLogin(page, email, PASSWORD);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole('link', { name: 'Two-factor sign-in and e-mail settings' }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
  await expect(page.getByRole('status')).toContainText('Two-factor sign-in is off');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  // Only the owner changes the second factor: the password first.
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code that adds your Cancer Q&A account to an authenticator app' })).toBeVisible();
  await expectAccessible(page);
  const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const enrolStep = totpStepNow();
  await page.getByLabel('6-digit code').fill(totpCode(secret, enrolStep));
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Download codes' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status')).toContainText('Two-factor sign-in is on');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.goto('/admin/login');
  await submitLogin(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  await expectAccessible(page);

  // The enrolment code's step was spent; the app's next code (within the ±1 step window) is the one to type.
  const wrong = page.getByLabel('6-digit code');
  await wrong.fill(totpCode(secret, enrolStep));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not valid');
  await page.getByLabel('6-digit code').fill(totpCode(secret, Math.max(totpStepNow(), enrolStep + 1)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/questions$/);
});
