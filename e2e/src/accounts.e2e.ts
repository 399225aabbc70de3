import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { topBarItem } from '../support/top-bar';
import { DEMO, DEMO_PASSWORD, EXPERT_CREDENTIALS, formsHydrated, openLogin, signIn, submitLogin } from '../support/accounts';
import { AuthTexts } from '@cqa/contracts';
import { linkFromMail } from '../support/mail';
import { expectAccessible, watchConsole } from '../support/pages';

// Texts of the message catalogue (libs/contracts/src/messages.ts), quoted as the spec words them.
const UNABLE_TO_LOGIN = 'Unable to login. Please contact support for assistance.';
const SAME_PASSWORD = 'Please choose a different password than your current one.';
const REGISTRATION_REJECTED = 'Your registration was rejected. Please contact support for more information.';

const unique = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.test`;

async function registerByApi(request: APIRequestContext, role: 'patient' | 'expert', email: string, password: string, firstName: string) {
  const res = await request.post('/api/auth/register', {
    data: { email, password, role, first_name: firstName, last_name: 'Journey', agreeToTerms: true, ...(role === 'patient' ? { hipaa_consent: true } : EXPERT_CREDENTIALS) },
  });
  expect(res.status()).toBe(201);
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD, role: 'admin' } });
  expect(res.status()).toBe(200);
  return (await res.json()).accessToken;
}

async function userIdOf(request: APIRequestContext, token: string, role: 'patient' | 'expert', email: string): Promise<string> {
  const res = await request.get(`/api/admin/${role}s-auth`, { headers: { Authorization: `Bearer ${token}` } });
  const { users } = await res.json();
  return users.find((u: { email: string }) => u.email === email).id;
}

async function loginAlert(page: Page) {
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toBeVisible();
  return alert;
}

test.describe('accounts', () => {
  test('a patient registers, verifies by email, waits for approval, and lands on /patient-profile once approved', { tag: '@phone' }, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const email = unique('patient');
    const password = 'Journey-pass-1';
    const firstName = `Pia${Date.now().toString(36)}`;

    await page.goto('/');
    await page.evaluate(() => localStorage.removeItem('hasAccount'));
    await page.goto('/');
    await expect(page.getByRole('group', { name: 'I am logging in/registering as a...' })).toBeVisible();
    await formsHydrated(page);
    await expectAccessible(page);
    await page.getByLabel('First name').fill(firstName);
    await page.getByLabel('Last name').fill('Journey');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('checkbox', { name: /disclaimers/ }).check();
    await page.getByRole('checkbox', { name: /HIPAA/ }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();
    await expect(page.getByText(/spam folder/)).toBeVisible();
    await expectAccessible(page);

    const verifyLink = await linkFromMail(email, /Verify your email/, /http:\/\/\S+\/verify-email\/\S+/);
    await page.goto(verifyLink);
    await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();
    // Issue 44: the page says what comes next, an admin's review and an e-mail.
    await expect(page.getByText(AuthTexts.emailVerified).first()).toBeVisible();
    await expectAccessible(page);
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

    // Pending: refused with the catalogue's text, and the line saying the registration awaits approval (issue 44).
    await openLogin(page, 'patient');
    await submitLogin(page, email, password);
    await expect(await loginAlert(page)).toHaveText(`${UNABLE_TO_LOGIN} ${AuthTexts.registrationAwaitingApproval}`);
    await expectAccessible(page);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin');
    await expect(admin).toHaveURL(/\/admin\/questions$/);
    await (await topBarItem(admin, 'link', 'Admin')).click();
    await expect(admin).toHaveURL(/\/admin\/users$/);
    const row = admin.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Verified');
    await expect(row).toContainText('Pending');
    await expectAccessible(admin);
    await row.getByRole('button', { name: /^Approve / }).click();
    await expect(admin.getByText('User approved successfully!')).toBeVisible();
    await expect(row).toContainText('Active');
    await expectAccessible(admin);
    await adminContext.close();

    // The approval is e-mailed, with the way to the login form.
    const loginLink = await linkFromMail(email, /registration is approved/, /http:\/\/\S+\/\?mode=login/);
    await page.goto(loginLink);
    await expect(page.getByRole('heading', { name: 'Patient Login' })).toBeVisible();
    await submitLogin(page, email, password);
    await expect(page).toHaveURL(/\/patient-profile$/);
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(await topBarItem(page, 'link', 'Profile')).toBeVisible();
    await expectAccessible(page);
  });

  test('an expert on the patient portal is told to use the Expert Login', async ({ page }) => {
    await openLogin(page, 'patient');
    await submitLogin(page, DEMO.expert, DEMO_PASSWORD);
    await expect(await loginAlert(page)).toHaveText('You are registered as a Expert. Please use the Expert Login.');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('forgot and reset password end to end through the email', async ({ page, request }) => {
    test.setTimeout(60_000);
    const email = unique('reset');
    await registerByApi(request, 'expert', email, 'Old-password-1', 'Rex');

    await openLogin(page, 'expert');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expectAccessible(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
    await expectAccessible(page);

    const resetLink = await linkFromMail(email, /Reset your Cancer Q&A password/, /http:\/\/\S+\/reset-password\?token=\S+/);
    await page.goto(resetLink);
    await formsHydrated(page);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('different');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('New password', { exact: true }).fill('Old-password-1');
    await page.getByLabel('Confirm new password').fill('Old-password-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(SAME_PASSWORD);

    await page.getByLabel('New password', { exact: true }).fill('New-password-2');
    await page.getByLabel('Confirm new password').fill('New-password-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password has been reset successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // The new password is the one that counts now: the old one is wrong, the new one reaches the email check.
    const oldTry = await request.post('/api/auth/login', { data: { email, password: 'Old-password-1', role: 'expert' } });
    expect(oldTry.status()).toBe(401);
    const newTry = await request.post('/api/auth/login', { data: { email, password: 'New-password-2', role: 'expert' } });
    expect((await newTry.json()).message).toBe('Please verify your email before logging in. Check your inbox for the verification link.');
  });

  test('a rejected user is refused', async ({ page, request }) => {
    const email = unique('rejected');
    await registerByApi(request, 'expert', email, 'Rejected-pass-1', 'Rae');
    const verifyLink = await linkFromMail(email, /Verify your email/, /http:\/\/\S+\/verify-email\/\S+/);
    const verified = await request.get(`/api/auth/verify-email/${verifyLink.split('/verify-email/')[1]}`);
    expect(verified.status()).toBe(200);
    const token = await adminToken(request);
    const id = await userIdOf(request, token, 'expert', email);
    const rejected = await request.post(`/api/user-approval/${id}`, { headers: { Authorization: `Bearer ${token}` }, data: { approval_status: 'rejected' } });
    expect(rejected.status()).toBe(200);
    // Issue 44: the rejection is e-mailed.
    await linkFromMail(email, /not approved/, /http:\/\/\S+\//);

    await openLogin(page, 'expert');
    await submitLogin(page, email, 'Rejected-pass-1');
    await expect(await loginAlert(page)).toHaveText(UNABLE_TO_LOGIN);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);

    // Registering again with the rejected account's email: the server answers 403 and the page says so (spec section 4).
    await page.goto('/');
    await page.evaluate(() => localStorage.removeItem('hasAccount'));
    await page.goto('/');
    await page.getByRole('group', { name: 'I am logging in/registering as a...' }).getByText('Expert', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Expert Registration' })).toBeVisible();
    await formsHydrated(page);
    await page.getByLabel('First name').fill('Rae');
    await page.getByLabel('Last name').fill('Journey');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Another-pass-2');
    await page.getByLabel('Specialty').fill(EXPERT_CREDENTIALS.specialty);
    await page.getByLabel('Licence or registration number').fill(EXPERT_CREDENTIALS.licence_number);
    await page.getByLabel('Institution').fill(EXPERT_CREDENTIALS.institution);
    await page.getByRole('checkbox', { name: /disclaimers/ }).check();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/register'));
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    expect((await answer).status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'Registration Rejected' })).toBeVisible();
    await expect(page.getByText(REGISTRATION_REJECTED)).toBeVisible();
    await expectAccessible(page);
  });

  test('an anonymous first visit restores no session quietly: 204, no console error', async ({ page }) => {
    const problems = watchConsole(page);
    const restore = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
    await page.goto('/');
    // The public page's app starts (and asks for a session) on the visitor's first touch (apps/shell/src/public-pages.ts).
    await page.mouse.move(4, 4);
    expect((await restore).status()).toBe(204);
    await expect(page.getByRole('group', { name: 'I am logging in/registering as a...' })).toBeVisible();
    await page.goto('/admin/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('three of a patient\'s pages opened at once in new tabs, then one reloaded: every tab stays signed in with one live refresh token (issues 34 and 42)', async ({ page, context }) => {
    test.setTimeout(90_000);
    await signIn(page, 'patient');
    // Each load restores the session: the app through POST /api/auth/refresh, or the page server (issue #35) on the
    // request for a server-rendered page (the dashboard), which rotates the same cookie.
    const refreshes: number[] = [];
    context.on('response', (r) => {
      const serverRendered = r.request().resourceType() === 'document' && new URL(r.url()).pathname === '/patient/questions';
      if (r.url().endsWith('/api/auth/refresh') || serverRendered) refreshes.push(r.status());
    });
    const routes = ['/patient/questions', '/patient-profile-summary', '/patient/questions'];
    const tabs = await Promise.all(routes.map(() => context.newPage()));
    await Promise.all(tabs.map((tab, i) => tab.goto(routes[i]!)));
    const signedIn = (tab: Page) => expect(tab.getByRole('banner').getByRole('link', { name: 'Cancer Q&A' })).toHaveAttribute('href', '/patient/questions', { timeout: 20_000 });
    for (const tab of tabs) await signedIn(tab);
    await tabs[1]!.reload();
    await signedIn(tabs[1]!);
    // The session family survived: every tab (and the first one) restores it again on its next load.
    for (const tab of [page, ...tabs]) {
      await tab.reload();
      await signedIn(tab);
      await expect(tab).not.toHaveURL(/\/$/);
    }
    // The tabs opened at once may share one refresh (a tab that waited takes the announced session); each later reload,
    // one at a time, makes its own.
    expect(refreshes.length).toBeGreaterThanOrEqual(5);
    expect(refreshes.filter((status) => status !== 200)).toEqual([]);
    // One refresh cookie, `__Host-` prefixed (Secure, no Domain, Path=/), which the browser accepts on this http address.
    const sessionCookies = (await context.cookies()).filter((c) => c.name.endsWith('cqa_refresh'));
    expect(sessionCookies.map((c) => ({ name: c.name, path: c.path, secure: c.secure, httpOnly: c.httpOnly, sameSite: c.sameSite })))
      .toEqual([{ name: '__Host-cqa_refresh', path: '/', secure: true, httpOnly: true, sameSite: 'Strict' }]);
  });

  test('signing out ends the session: a reload stays signed out, and signing back in starts afresh', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, 'expert');
    await expect(page).toHaveURL(/\/expert\/questions$/);
    await page.reload();
    // The session survives a reload through the refresh cookie alone.
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    // The login form, saying the user has signed out (issue 47).
    await expect(page).toHaveURL(/\/\?mode=login#notice-signed-out$/);
    await expect(page.getByRole('status').filter({ hasText: 'You have signed out.' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Disclaimers' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toMatch(/eyJ/);

    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Disclaimers' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    await page.goto('/expert/questions');
    await expect(page).toHaveURL(/\/$/);
    await expectAccessible(page);

    await signIn(page, 'expert');
    await expect(page).toHaveURL(/\/expert\/questions$/);
  });
});
