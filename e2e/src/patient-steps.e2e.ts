import { expect, test, type Page } from '@playwright/test';
import { AuthTexts, Messages, ProfileHelpTexts, ResearchRequestTexts } from '@cqa/contracts';
import { formsHydrated, registerApprovedPatient, signIn } from '../support/accounts';
import { keepScreenshot } from '../support/layout-checks';
import { linkFromMail } from '../support/mail';
import { chooseOption, expectAccessible, expectAccessibleAtRest } from '../support/pages';
import { topBarItem } from '../support/top-bar';

// Issue 47, items 3-6: what a patient notices, at desktop width and (tagged @phone) at Pixel 7 size.
const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 576;

/** A toast on screen with this text (the toast area, top right). */
const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });

test.describe('every step confirmed, rules said first', () => {
  test('registration says the password rule first, the disclaimers toast goes once ticked, and a link opened twice says verified', { tag: '@phone' }, async ({ page }, testInfo) => {
    await page.goto('/?mode=register');
    await formsHydrated(page);
    // The password rule before any try, under its field.
    await expect(page.getByText(AuthTexts.passwordRule)).toBeVisible();
    // "Already have an account? Login" above the form: in the first screen, even on a phone.
    const toLogin = page.getByRole('link', { name: 'Login', exact: true });
    const box = await toLogin.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await keepScreenshot(page, testInfo, 'register-form');
    await expectAccessible(page);

    const email = unique('steps');
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Steps');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Steps-pass-47');
    await page.getByRole('checkbox', { name: /HIPAA/ }).check();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(toast(page, Messages.validation.agreeToDisclaimers)).toBeVisible();
    await page.getByRole('checkbox', { name: /disclaimers/ }).check();
    await expect(toast(page, Messages.validation.agreeToDisclaimers)).toHaveCount(0);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();
    await expect(toast(page, Messages.validation.agreeToDisclaimers)).toHaveCount(0);

    const link = await linkFromMail(email, /Verify your email/, /http:\/\/\S+\/verify-email\/\S+/);
    const path = new URL(link).pathname;
    await page.goto(path);
    await expect(page.getByText(AuthTexts.emailVerified).first()).toBeVisible();
    await page.goto(path);
    await expect(page.getByText(AuthTexts.alreadyVerified)).toBeVisible();
    await expect(page.getByText(AuthTexts.verificationInvalid)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/?mode=login');
    await expectAccessible(page);
  });

  test('the landing page says a sign-out happened, also before its script runs', { tag: '@phone' }, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/?mode=login#notice-signed-out');
    await expect(page.getByText(AuthTexts.signedOut)).toBeVisible();
    await expect(page.getByText(Messages.success.passwordReset)).toBeHidden();
    await context.close();
  });
});

test.describe('the profile wizard tells the truth; small ones', () => {
  test('a patient saves a step to finish later, sees incomplete steps, asks with their own cancer type and signs out', { tag: '@phone' }, async ({ page, request }, testInfo) => {
    // A long journey (registration, the wizard, a question with its AI answer, deep research, sign-out): past the
    // default minute on a loaded 2-core machine.
    test.setTimeout(180_000);
    const account = await registerApprovedPatient(request, { label: 'steps-wizard', password: 'Steps-pass-47', firstName: 'Wanda', lastName: 'Wizard' });
    await signIn(page, 'patient', account.email, account.password);
    // The spec's routing: an incomplete profile leads to the wizard.
    await expect(page).toHaveURL(/\/patient-profile\?step=1$/);
    await expect(page.getByText('Step 1 of 5')).toBeVisible();
    const stepper = page.locator('.cqa-wizard-steps');
    if (isPhone(page)) await expect(stepper).toBeHidden();
    else await expect(stepper).toBeVisible();
    await expect(page.getByText(ProfileHelpTexts.religion)).toBeVisible();
    await expect(page.getByText(ProfileHelpTexts.politicalViewpoint)).toBeVisible();
    await keepScreenshot(page, testInfo, 'wizard-step1');
    await expectAccessibleAtRest(page);

    // Step 1 left incomplete: passed, it is marked so, never ticked.
    await page.getByLabel('Age', { exact: true }).fill('54');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText('Step 2 of 5')).toBeVisible();
    if (!isPhone(page)) {
      await expect(stepper.locator('.ant-steps-item').first()).toHaveClass(/ant-steps-item-error/);
      await expect(stepper.getByText('Incomplete')).toBeVisible();
    }
    await chooseOption(page, 'Cancer Type', 'Lung Cancer');
    await page.getByRole('button', { name: 'Save and finish later' }).click();
    await expect(page).toHaveURL(/\/patient\/questions$/);
    await expect(toast(page, Messages.success.progressSaved)).toBeVisible();

    // The search's placeholder fits its box.
    const search = page.getByLabel('Search questions');
    const cut = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return context.measureText(input.placeholder).width - input.clientWidth;
    });
    expect(cut).toBeLessThanOrEqual(0);

    // A new question starts with the patient's own cancer type.
    await page.getByRole('button', { name: 'Ask a new question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a New Question' });
    await expect(dialog.locator('.ant-select').filter({ hasText: 'Lung Cancer' })).toBeVisible();
    await dialog.getByLabel('Question').fill('Does walking help with fatigue during lung cancer treatment?');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/patient\/questions\/\d+$/);
    await expect(page.getByText('Lung Cancer').first()).toBeVisible();

    // Deep research asked for: the tab shows the request's state, not "No Deep Research answers yet".
    await page.getByRole('tab', { name: /Deep Research/ }).click();
    const ask = page.getByTestId('research-request').getByRole('button', { name: ResearchRequestTexts.askButton });
    if (await ask.isVisible()) {
      await ask.click();
      await expect(page.getByTestId('research-request-state')).toBeVisible();
      await expect(page.getByText(/No Deep Research answers yet/)).toHaveCount(0);
      await expectAccessibleAtRest(page);
    }

    // Back to the wizard: the step saved for later.
    await page.goto('/patient-profile');
    await expect(page.getByText('Step 2 of 5')).toBeVisible();

    // Signing out says so.
    await (await topBarItem(page, 'button', 'Sign Out')).click();
    await expect(page).toHaveURL(/\/\?mode=login#notice-signed-out$/);
    await expect(page.getByRole('status').filter({ hasText: AuthTexts.signedOut })).toBeVisible();
    await expectAccessibleAtRest(page);
  });
});
