import { expect, test, type Page } from '@playwright/test';
import { Messages } from '@cqa/contracts';
import { DEMO, formsHydrated } from '../support/accounts';
import { watchConsole } from '../support/pages';

// Issue 43: a public page is usable before any script, so it runs only its entry (a few hundred bytes) until the
// visitor first touches it; the app (React, antd, the store) then loads and hydrates the page, keeping what was typed.

const PUBLIC_PAGES = ['/', '/?mode=login', '/?role=expert&mode=register', '/disclaimers', '/admin/login', '/forgot-password'];

/** The paths of the scripts the page has asked for so far. */
function scriptsAsked(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test.describe('the public pages load their app on the first touch', () => {
  test('until touched, a public page runs its entry alone; a pointer over it loads the app, which takes over the forms', async ({ page }) => {
    const problems = watchConsole(page);
    const scripts = scriptsAsked(page);
    await page.goto('/?mode=login', { waitUntil: 'load' });
    await expect(page.getByRole('heading', { name: 'Patient Login' })).toBeVisible();
    // Give an eager loader the time it would take: nothing more may come.
    await page.waitForTimeout(1_500);
    expect(scripts).toEqual([expect.stringMatching(/^\/public\/public\.[0-9a-f]{12}\.js$/)]);
    expect(await page.locator('#root form[novalidate]').count()).toBe(0);

    await formsHydrated(page);
    expect(scripts.length).toBeGreaterThan(1);
    // The app's own checks and messages, not the browser's.
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(Messages.validation.emailRequired)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a key typed into a field is the first touch: what was typed stays, and the app sends it', async ({ page }) => {
    await page.goto('/?mode=login', { waitUntil: 'load' });
    await page.getByLabel('Email').pressSequentially(DEMO.patient);
    await expect(page.locator('#root form[novalidate]').first()).toBeAttached({ timeout: 20_000 });
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.patient);
    const login = page.waitForRequest((request) => request.url().endsWith('/api/auth/login'));
    await page.getByLabel('Password').fill('not-the-password-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    expect((await login).postDataJSON()).toMatchObject({ email: DEMO.patient });
  });

  test('a returning visitor gets the login form at once, as its own page', async ({ page }) => {
    await page.goto('/disclaimers');
    await page.evaluate(() => localStorage.setItem('hasAccount', 'true'));
    await page.goto('/');
    await expect(page).toHaveURL(/\/\?mode=login$/);
    await expect(page.getByRole('heading', { name: 'Patient Login' })).toBeVisible();
  });

  test('a step only the app draws loads the app at once', async ({ page }) => {
    const scripts = scriptsAsked(page);
    await page.goto('/?sso_error=refused', { waitUntil: 'load' });
    await expect.poll(() => scripts.length, { timeout: 20_000 }).toBeGreaterThan(1);
  });

  for (const width of [320, 360, 390, 430]) {
    test(`no public page scrolls sideways at ${width} px, before and after its app has loaded`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of PUBLIC_PAGES) {
        await page.goto(path, { waitUntil: 'load' });
        const widths = () => page.evaluate(() => ({ inner: window.innerWidth, scroll: document.scrollingElement?.scrollWidth ?? 0 }));
        const before = await widths();
        expect(before.scroll, `${path} before its app`).toBeLessThanOrEqual(before.inner);
        await page.mouse.move(4, 4);
        await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/public\/page-/.test(entry.name))), { timeout: 20_000 }).toBe(true);
        await page.waitForLoadState('networkidle');
        const after = await widths();
        expect(after.scroll, `${path} once hydrated`).toBeLessThanOrEqual(after.inner);
      }
    });
  }
});
