import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, Role, TwoFactorPaths } from '@cqa/contracts';
import { linkFromMail } from './mail';
import { totpCode, totpStepNow } from './totp';

export { DEMO_PASSWORD };
/** An expert's professional details, which an expert's registration requires (issue 44 item 7). */
export const EXPERT_CREDENTIALS = { specialty: 'surgical oncologist', licence_number: 'E2E-0123456', institution: 'E2E Teaching Hospital' } as const;
/** The seed's demo sign-ins, by role. */
export const DEMO = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.role, a.email])) as Record<Role, string>;

/**
 * Opens the landing page in login mode for a role: the login URL, then the role chosen as a visitor does (a link), and
 * the page's script running (its form then checks and sends itself as JSON; see formsHydrated).
 */
export async function openLogin(page: Page, role: 'patient' | 'expert'): Promise<void> {
  await page.goto('/?mode=login');
  await page.getByRole('group', { name: 'I am logging in/registering as a...' }).getByText(role === 'patient' ? 'Patient' : 'Expert').click();
  await expect(page.getByRole('heading', { name: `${role === 'patient' ? 'Patient' : 'Expert'} Login` })).toBeVisible();
  await formsHydrated(page);
}

/**
 * The public pages work before their script has run (a form is then posted by the browser); a journey that means to
 * test the page's own checks and messages waits until the script has taken the forms over (they then say noValidate).
 */
export async function formsHydrated(page: Page): Promise<void> {
  // The page's app loads when the visitor first touches the page (apps/shell/src/public-pages.ts): a pointer moving over
  // it. Its entry may not have run yet (its script held back, or still arriving), so the pointer moves until it has.
  let step = 0;
  await expect(async () => {
    step += 1;
    await page.mouse.move(4 + (step % 2), 4);
    await expect(page.locator('#root form[novalidate]').first()).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await formsHydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Signs in through the right portal: admins at /admin/login, the others on the landing page. */
export async function signIn(page: Page, role: 'patient' | 'expert' | 'admin', email: string = DEMO[role], password = DEMO_PASSWORD): Promise<void> {
  if (role === 'admin') {
    await page.goto('/admin/login');
  } else {
    await openLogin(page, role);
  }
  await submitLogin(page, email, password);
  // Signed in: the brand leads to the role's questions (on a phone 'Sign Out' sits in the closed menu).
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cancer Q&A' })).toHaveAttribute('href', `/${role}/questions`, { timeout: 20_000 });
  if (role !== 'admin') await leftLanding(page);
}

/**
 * From the landing page the app moves to the role's page as a new document (the public pages' bundle hands over to
 * the federated shell, apps/shell/src/public-pages.tsx): wait until it has, so the test's next navigation does not
 * cut that one short.
 */
export async function leftLanding(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 20_000 });
}

/** A demo account's access token through the API (for request-level tests of admin routes). */
export async function apiToken(request: APIRequestContext, role: Role): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: DEMO[role], password: DEMO_PASSWORD, role } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** A new patient (so what a journey counts is its own), registered, verified through the e-mailed link and approved by the demo admin. */
export function registerApprovedPatient(
  request: APIRequestContext,
  who: { label: string; password: string; firstName: string; lastName: string },
): Promise<{ email: string; password: string }> {
  return registerApproved(request, 'patient', who);
}

/** A new patient or expert, registered, verified through the e-mailed link and approved by the demo admin. */
export async function registerApproved(
  request: APIRequestContext,
  role: 'patient' | 'expert',
  who: { label: string; password: string; firstName: string; lastName: string },
): Promise<{ email: string; password: string }> {
  const email = `${who.label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
  const { password } = who;
  const registered = await request.post('/api/auth/register', {
    data: {
      email, password, role, first_name: who.firstName, last_name: who.lastName, agreeToTerms: true,
      ...(role === 'patient' ? { hipaa_consent: true } : EXPERT_CREDENTIALS),
    },
  });
  expect(registered.status()).toBe(201);
  const link = await linkFromMail(email, /Verify your email/, /http:\/\/\S+\/verify-email\/\S+/);
  expect((await request.get(`/api/auth/verify-email/${link.split('/verify-email/')[1]}`)).status()).toBe(200);
  const admin = await request.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD, role: 'admin' } });
  const headers = { Authorization: `Bearer ${(await admin.json()).accessToken}` };
  const { users } = await (await request.get(`/api/admin/${role === 'patient' ? 'patients' : 'experts'}-auth`, { headers })).json();
  const id = users.find((u: { email: string }) => u.email === email).id;
  expect((await request.post(`/api/user-approval/${id}`, { headers, data: { approval_status: 'approved' } })).ok()).toBe(true);
  return { email, password };
}

/**
 * Turns two-factor sign-in on for an account through its own API (as the Security page does): the authenticator's
 * secret, and the step whose code the confirmation spent (a TOTP code works once; the next sign-in needs a later one).
 */
export async function turnOnTwoFactor(
  request: APIRequestContext, account: { email: string; password: string; role: Role },
): Promise<{ secret: string; spentStep: number; recoveryCodes: string[] }> {
  const login = await request.post('/api/auth/login', { data: account });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await login.json()).accessToken}` };
  const setup = await request.post(TwoFactorPaths.setup, { headers, data: { password: account.password } });
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const spentStep = totpStepNow();
  const confirmed = await request.post(TwoFactorPaths.confirm, { headers, data: { password: account.password, code: totpCode(secret, spentStep) } });
  expect(confirmed.status()).toBe(200);
  return { secret, spentStep, ...((await confirmed.json()) as { recoveryCodes: string[] }) };
}
