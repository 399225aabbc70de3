import { expect, test } from '@playwright/test';
import { AccountPageTexts as T } from '@cqa/contracts';
import { registerApprovedPatient, signIn } from '../support/accounts';
import { linkFromMail } from '../support/mail';
import { expectAccessible } from '../support/pages';

// Issue 44: a person's own account. Signed in on two browsers, the patient ends the other session from the list, then
// changes the password; the old one no longer signs in, the new one does.
test('a patient ends another session from the account page and changes the password', { tag: '@phone' }, async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const account = await registerApprovedPatient(request, { label: 'account', password: 'Account-pass-2026', firstName: 'Ada', lastName: 'Moss' });
  const otherBrowser = await browser.newContext();
  try {
    const other = await otherBrowser.newPage();
    await signIn(other, 'patient', account.email, account.password);
    await signIn(page, 'patient', account.email, account.password);

    await page.goto('/account');
    await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
    await expect(page.getByText(T.signedInAs(account.email))).toBeVisible();
    const sessions = page.getByRole('list').filter({ hasText: T.thisSession });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expectAccessible(page);
    await sessions.getByRole('button', { name: /^End session on / }).click();
    await expect(page.getByText(T.sessionEnded)).toBeVisible();
    await expect(page.getByText(T.noOtherSessions)).toBeVisible();

    // The other browser's next page finds its session over: back to the start, signed out.
    await other.goto('/patient-profile');
    await expect(other).toHaveURL((url) => url.pathname === '/', { timeout: 20_000 });

    await page.getByLabel(T.currentPassword, { exact: true }).fill(account.password);
    await page.getByLabel(T.newPassword, { exact: true }).fill('Changed-pass-2026');
    await page.getByLabel(T.confirmPassword).fill('Changed-pass-2026');
    await page.getByRole('button', { name: T.changePassword }).click();
    await expect(page.getByText(T.passwordChanged)).toBeVisible();
    // This session goes on.
    await page.reload();
    await expect(page.getByRole('heading', { name: T.title })).toBeVisible();

    const again = await otherBrowser.newPage();
    await signIn(again, 'patient', account.email, 'Changed-pass-2026');
  } finally {
    await otherBrowser.close();
  }
});

// Issue 44: the e-mail address changes only when the link sent to the new one is opened, on any device; the old address
// is told at both steps and no longer signs in.
test('a patient changes the e-mail address: confirmed from the link on a signed-out device', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const account = await registerApprovedPatient(request, { label: 'email-change', password: 'Email-change-2026', firstName: 'Eda', lastName: 'Moss' });
  const next = `moved-${Date.now().toString(36)}@example.test`;
  await signIn(page, 'patient', account.email, account.password);
  await page.goto('/account');
  await page.getByLabel(T.newEmail).fill(next);
  await page.getByLabel(T.passwordForEmail).fill(account.password);
  await page.getByRole('button', { name: T.changeEmail }).click();
  await expect(page.getByText(T.emailPending(next))).toBeVisible();
  await expectAccessible(page);
  await linkFromMail(account.email, /change of your Cancer Q&A email was requested/, /http:\/\/\S+\/account/);

  const link = await linkFromMail(next, /Confirm your new email/, /http:\/\/\S+\/confirm-email\/\S+/);
  const elsewhere = await browser.newContext();
  try {
    const phone = await elsewhere.newPage();
    await phone.goto(link);
    await expect(phone.getByText(T.emailChanged)).toBeVisible();
    await expect(phone.getByRole('link', { name: T.goToLogin })).toBeVisible();
    await expectAccessible(phone);
  } finally {
    await elsewhere.close();
  }
  await linkFromMail(account.email, /email was changed/, /http:\/\/\S+\//);
  expect((await request.post('/api/auth/login', { data: { email: account.email, password: account.password, role: 'patient' } })).status()).toBe(401);
  expect((await request.post('/api/auth/login', { data: { email: next, password: account.password, role: 'patient' } })).status()).toBe(200);
});
