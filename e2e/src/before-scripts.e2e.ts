import { expect, test, type Browser, type Page } from '@playwright/test';
import { REFRESH_COOKIE, TwoFactorTexts } from '@cqa/contracts';
import { DEMO, DEMO_PASSWORD, EXPERT_CREDENTIALS, formsHydrated, registerApproved, turnOnTwoFactor } from '../support/accounts';
import { totpCode, totpStepNow } from '../support/totp';
import { linkFromMail } from '../support/mail';
import { expectAccessible } from '../support/pages';

// Issue 35: nothing is lost before hydration. The public pages arrive as HTML whose choices are links and whose forms
// are real forms: a tap or keystroke made before the page's script runs does what it says, and without any script at
// all a visitor signs in, registers, resets a password and signs out.

const PROMPT = 'I am logging in/registering as a...';
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.test`;

/** Holds every script of the page back until `release` is called (a slow network, a busy phone). */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/*.js', async (route) => {
    await released;
    // The page may have moved on meanwhile (a link followed), taking this request with it.
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** No script of the page has run: the forms are still the browser's (the page's own checks set noValidate). */
async function expectNoScriptRan(page: Page) {
  expect(await page.locator('#root form').count()).toBeGreaterThan(0);
  expect(await page.locator('#root form[novalidate]').count()).toBe(0);
}

async function withoutScripts<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe('the public pages before their script runs', () => {
  test('a role tapped, a mode chosen and an e-mail typed before the script runs are all kept, and the form then signs in', { tag: '@phone' }, async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Patient Registration' })).toBeVisible();
    await expectNoScriptRan(page);

    // Each choice is a link: the browser follows it to that state's own page.
    await page.getByRole('group', { name: PROMPT }).getByRole('link', { name: 'Expert' }).click();
    await expect(page).toHaveURL(/\/\?role=expert$/);
    await expect(page.getByRole('heading', { name: 'Expert Registration' })).toBeVisible();
    await expect(page.getByRole('group', { name: PROMPT }).getByRole('link', { name: 'Expert' })).toHaveAttribute('aria-current', 'true');
    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/\?role=expert&mode=login$/);
    await expect(page.getByRole('heading', { name: 'Expert Login' })).toBeVisible();
    await page.getByLabel('Email').fill(DEMO.expert);
    await expectNoScriptRan(page);
    await expectAccessible(page);

    const login = page.waitForRequest((r) => r.url().endsWith('/api/auth/login'));
    release();
    await formsHydrated(page);
    // What was typed is still there, and it is what the page's script sends.
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.expert);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    expect((await login).postDataJSON()).toMatchObject({ email: DEMO.expert, role: 'expert' });
    await expect(page).toHaveURL(/\/expert\/questions$/, { timeout: 20_000 });
    await expect(page.getByText('Login successful!')).toBeVisible();
  });

  test('a form sent before the script runs is posted by the browser: the portal opens signed in once the script has come', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/?mode=login', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(DEMO.patient);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await expectNoScriptRan(page);
    const post = page.waitForResponse((r) => r.url().endsWith('/api/auth/form/login'));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    expect((await post).status()).toBe(303);
    release();
    await expect(page).toHaveURL(/\/patient(\/questions|-profile)$/, { timeout: 20_000 });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cancer Q&A' })).toHaveAttribute('href', '/patient/questions', { timeout: 20_000 });
  });
});

test.describe('the public pages without any script', () => {
  test('signing in tells a wrong password, then opens the portal signed in; signing out ends the session', async ({ browser, request }) => {
    await withoutScripts(browser, async (page) => {
      await page.goto('/?mode=login');
      await page.getByLabel('Email').fill(DEMO.patient);
      await page.getByLabel('Password').fill('Wrong-password-1');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page).toHaveURL(/\/\?mode=login#notice-credentials$/);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password.');
      // The address typed stays out of the URL (personal data).
      expect(page.url()).not.toContain('@');

      await page.getByLabel('Email').fill(DEMO.patient);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page).toHaveURL(/\/patient(\/questions|-profile)$/);
      const cookies = await page.context().cookies();
      expect(cookies.map((c) => c.name)).toEqual(expect.arrayContaining(['__Host-cqa_refresh', 'cqa_signed_in']));
      const refresh = cookies.find((c) => c.name === '__Host-cqa_refresh')!.value;

      // The portal needs its script: without it, the page says so and offers the way out.
      await expect(page.getByText(/This page needs JavaScript/)).toBeVisible();
      await page.getByRole('button', { name: 'Sign Out' }).click();
      // The pre-rendered login form shows the fragment's notice by CSS alone (issue 47).
      await expect(page).toHaveURL(/\/\?mode=login#notice-signed-out$/);
      await expect(page.getByRole('group', { name: PROMPT })).toBeVisible();
      await expect(page.getByText('You have signed out.')).toBeVisible();
      expect((await page.context().cookies()).map((c) => c.name)).not.toContain('__Host-cqa_refresh');
      expect((await request.post('/api/auth/refresh', { headers: { cookie: `__Host-cqa_refresh=${refresh}` } })).status()).toBe(401);
    });
  });

  test('an expert with two-factor sign-in signs in: the password, the code step\'s own page, a wrong code told, the right one opens the portal', async ({ browser, request }) => {
    const expert = await registerApproved(request, 'expert', { label: 'noscript-2fa', password: 'E2e-no-script-2fa-2026', firstName: 'Tove', lastName: 'Factor' });
    const { secret, spentStep } = await turnOnTwoFactor(request, { ...expert, role: 'expert' });
    await withoutScripts(browser, async (page) => {
      await page.goto('/?role=expert&mode=login');
      await page.getByLabel('Email').fill(expert.email);
      await page.getByLabel('Password').fill(expert.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      // The step's own pre-rendered page: the challenge is an httpOnly cookie, nothing of it (or the account) in the URL.
      await expect(page).toHaveURL(/\/\?role=expert&mode=login&two_factor=code$/);
      await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
      const challenge = (await page.context().cookies()).filter((c) => c.name === 'cqa_2fa');
      expect(challenge.length).toBeGreaterThan(0);
      for (const cookie of challenge) expect({ httpOnly: cookie.httpOnly, sameSite: cookie.sameSite }).toEqual({ httpOnly: true, sameSite: 'Strict' });
      expect(page.url()).not.toContain(challenge[0]!.value);
      expect(page.url()).not.toContain('@');
      expect((await page.context().cookies()).map((c) => c.name)).not.toContain(REFRESH_COOKIE.name);
      await expect(page.getByLabel('Recovery code')).toBeVisible();

      // The code the enrolment spent is refused with the JSON flow's text, back on the step.
      await page.getByLabel('6-digit code').fill(totpCode(secret, spentStep));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/\?role=expert&mode=login&two_factor=code#notice-code-invalid$/);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(TwoFactorTexts.invalidCode);
      expect((await page.context().cookies()).map((c) => c.name)).not.toContain(REFRESH_COOKIE.name);

      await page.getByLabel('6-digit code').fill(totpCode(secret, Math.max(totpStepNow(), spentStep + 1)));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/expert\/questions$/);
      const cookies = await page.context().cookies();
      expect(cookies.map((c) => c.name)).toEqual(expect.arrayContaining([REFRESH_COOKIE.name, 'cqa_signed_in']));
      expect(cookies.map((c) => c.name)).not.toContain('cqa_2fa');
      // The session is the expert's: the cookie the step set renews it.
      const refresh = cookies.find((c) => c.name === REFRESH_COOKIE.name)!.value;
      const renewed = await request.post('/api/auth/refresh', { headers: { cookie: `${REFRESH_COOKIE.name}=${refresh}` } });
      expect(renewed.status()).toBe(200);
      expect((await renewed.json()).user).toMatchObject({ email: expert.email, role: 'expert' });
    });
  });

  test('registering works, and an address registered already is sent to the login with the spec\'s message', async ({ browser }) => {
    const email = unique('nojs');
    await withoutScripts(browser, async (page) => {
      const register = async () => {
        await page.goto('/');
        await page.getByLabel('First name').fill('Noa');
        await page.getByLabel('Last name').fill('Script');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill('Nojs-pass-4');
        await page.getByLabel('Sex').selectOption('Female');
        await page.getByRole('checkbox', { name: /disclaimers/ }).check();
        await page.getByRole('checkbox', { name: /HIPAA/ }).check();
        await page.getByRole('button', { name: 'Register', exact: true }).click();
      };
      await register();
      await expect(page).toHaveURL(/\/\?screen=registered$/);
      await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();
      await expect(page.getByText(/spam folder/)).toBeVisible();
      await linkFromMail(email, /Verify your email/, /http:\/\/\S+\/verify-email\/\S+/);

      await register();
      await expect(page).toHaveURL(/\/\?mode=login#notice-already-registered$/);
      await expect(page.getByRole('heading', { name: 'Patient Login' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('alert')).toHaveText('This email is already registered. Please login instead.');
    });
  });

  test('a forgotten password is reset through the e-mailed link, and the new one signs in', async ({ browser, request }) => {
    const email = unique('nojs-reset');
    const registered = await request.post('/api/auth/register', {
      data: { email, password: 'Old-nojs-pass-1', role: 'expert', first_name: 'Rex', last_name: 'Script', agreeToTerms: true, ...EXPERT_CREDENTIALS },
    });
    expect(registered.status()).toBe(201);
    await withoutScripts(browser, async (page) => {
      await page.goto('/forgot-password');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();

      await page.goto(await linkFromMail(email, /Reset your Cancer Q&A password/, /http:\/\/\S+\/reset-password\?token=\S+/));
      await page.getByLabel('New password', { exact: true }).fill('New-nojs-pass-2');
      await page.getByLabel('Confirm new password').fill('New-nojs-pass-3');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByRole('main').getByRole('alert')).toHaveText('Passwords do not match');
      await page.getByLabel('New password', { exact: true }).fill('New-nojs-pass-2');
      await page.getByLabel('Confirm new password').fill('New-nojs-pass-2');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page).toHaveURL(/\/\?mode=login#notice-password-reset$/);
      await expect(page.getByRole('main').getByRole('status')).toHaveText('Password has been reset successfully!');
    });
    // The new password is the one that counts (the e-mail is still unconfirmed: the login says so).
    const old = await request.post('/api/auth/login', { data: { email, password: 'Old-nojs-pass-1', role: 'expert' } });
    expect(old.status()).toBe(401);
    const renewed = await request.post('/api/auth/login', { data: { email, password: 'New-nojs-pass-2', role: 'expert' } });
    expect((await renewed.json()).message).toBe('Please verify your email before logging in. Check your inbox for the verification link.');
  });
});
