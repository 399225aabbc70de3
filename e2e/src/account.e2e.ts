import { expect, test } from '@playwright/test';
import { AccountPageTexts as T } from '@cqa/contracts';
import { registerApprovedPatient, signIn } from '../support/accounts';
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
