import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { topBarItem } from '../support/top-bar';
import { DEMO, DEMO_PASSWORD, signIn } from '../support/accounts';
import { linkFromMail } from '../support/mail';
import { chooseOption, expectAccessible } from '../support/pages';

// Texts of the contracts (Messages, ProfileTexts, PROFILE_STEPS), quoted as the spec words them.
const PROGRESS_SUBMITTED = 'Profile submitted successfully!';
const PATIENT_UPDATED = 'Patient profile updated successfully!';
const MISSING_FIELDS = 'Please fill out all required fields to complete your profile:';
const STEP_TITLES = [
  'Demographics & Personal Information', 'Cancer Diagnosis & Medical History', 'Treatments Surgery & Medications', 'Lifestyle Goals & Concerns',
  'Medical Reports Upload',
];

const unique = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.test`;

// One API sign-in for the whole file: the demo admin's sign-ins are rate limited per account, and every spec uses it.
let adminAccess: string | undefined;
async function adminToken(request: APIRequestContext): Promise<string> {
  if (adminAccess) return adminAccess;
  const res = await request.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD, role: 'admin' } });
  expect(res.status()).toBe(200);
  adminAccess = (await res.json()).accessToken as string;
  return adminAccess;
}

interface PatientAccount { email: string; password: string; firstName: string; lastName: string; userId: string; patientId: string }

/** A new patient, registered, verified through the emailed link and approved by the demo admin: profile at 0%. */
async function registerApprovedPatient(request: APIRequestContext): Promise<PatientAccount> {
  const email = unique('profile');
  const password = 'Profile-pass-1';
  const firstName = `Pam${Date.now().toString(36)}`;
  const lastName = 'Profile';
  const registered = await request.post('/api/auth/register', {
    data: { email, password, role: 'patient', first_name: firstName, last_name: lastName, agreeToTerms: true, hipaa_consent: true },
  });
  expect(registered.status()).toBe(201);
  const link = await linkFromMail(email, /Verify your email/, /http:\/\/\S+\/verify-email\/\S+/);
  expect((await request.get(`/api/auth/verify-email/${link.split('/verify-email/')[1]}`)).status()).toBe(200);

  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const list = await (await request.get('/api/admin/patients-auth', { headers })).json();
  const user = list.users.find((u: { email: string }) => u.email === email);
  const approved = await request.post(`/api/user-approval/${user.id}`, { headers, data: { approval_status: 'approved' } });
  expect(approved.ok()).toBe(true);
  return { email, password, firstName, lastName, userId: user.id, patientId: user.patient_id };
}

/** Waits for CSS animations and transitions (a modal zooming in) to end, so axe sees the final colours. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

async function tick(page: Page, group: string | RegExp, option: string) {
  await page.getByRole('group', { name: group }).getByRole('checkbox', { name: option, exact: true }).check();
}

async function expectStep(page: Page, step: number) {
  await expect(page.getByRole('heading', { level: 2, name: STEP_TITLES[step - 1] })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]step=${step}$`));
}

async function next(page: Page, to: number) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expectStep(page, to);
}

/** The required answers of steps 1-3 (spec section 5's list), as a patient or an admin would give them. */
async function fillSteps1to3(page: Page) {
  await expectStep(page, 1);
  await page.getByLabel('Age', { exact: true }).fill('150');
  await page.getByLabel('Age', { exact: true }).blur();
  await expect(page.getByText('Value must be 120 or less.')).toBeVisible();
  await expect(page.getByLabel('Age', { exact: true })).toHaveValue('120');
  await page.getByLabel('Age', { exact: true }).fill('54');
  await chooseOption(page, 'Sex', 'Female');
  await chooseOption(page, 'Ethnicity', 'Hispanic');
  await chooseOption(page, 'Marital Status', 'Married');
  await chooseOption(page, 'Children in Household', 'None');
  await page.getByLabel('City', { exact: true }).fill('Columbus');
  await chooseOption(page, 'State', 'Ohio');
  await page.getByLabel('Zip Code', { exact: true }).fill('43004');
  await chooseOption(page, 'Occupation', 'Other');
  await page.getByLabel('Other occupation', { exact: true }).fill('Beekeeper');
  await next(page, 2);

  await chooseOption(page, 'Cancer Type', 'Breast Cancer');
  await chooseOption(page, 'Cancer Stage', 'Stage 2');
  await page.getByLabel('Year of Diagnosis', { exact: true }).fill('2021');
  await page.getByLabel('Feet', { exact: true }).fill('5');
  await page.getByLabel('Inches', { exact: true }).fill('7');
  await page.getByLabel('Weight', { exact: true }).fill('150');
  await page.getByLabel('Weight', { exact: true }).blur();
  await expect(page.getByRole('status', { name: 'BMI' })).toHaveText('23.49');
  await tick(page, /Other Health Conditions/, 'Asthma');
  await tick(page, /Other Health Conditions/, 'None');
  await expect(page.getByRole('group', { name: /Other Health Conditions/ }).getByRole('checkbox', { name: 'Asthma' })).toBeDisabled();
  await page.screenshot({ path: 'test-results/profile-wizard-step2.png', fullPage: true });
  await next(page, 3);

  await tick(page, /Major Treatments/, 'Surgery');
  await expect(page.getByLabel('Surgery Type', { exact: true })).toBeVisible();
  await chooseOption(page, 'Surgery Type', 'Large resection');
  await tick(page, /Major Treatments/, 'Chemotherapy');
  await page.getByLabel('Current Medications', { exact: true }).fill('Tamoxifen 20 mg daily');
}

async function fillStep4(page: Page, concerns: string) {
  await expectStep(page, 4);
  await tick(page, /Treatment Goals/, 'Treat');
  await page.getByLabel('Unaddressed Concerns', { exact: true }).fill(concerns);
  await page.getByRole('group', { name: /Smoking History/ }).getByRole('radio', { name: 'No' }).check();
  await chooseOption(page, 'Alcohol Consumption', 'Never');
  await page.getByLabel('Exercise Routine', { exact: true }).fill('Walks 30 minutes a day');
  await chooseOption(page, 'Appetite', 'Good');
  await chooseOption(page, 'Diet Type', 'Mediterranean');
  await chooseOption(page, 'Dietary Habits', 'Regular meals and snacks');
  await page.getByLabel('Stress Level', { exact: true }).fill('0');
  await page.getByLabel('Stress Level', { exact: true }).blur();
  await expect(page.getByText('Value must be 1 or greater.')).toBeVisible();
  // The message fades in: axe, run meanwhile, measures its colour half-transparent (a contrast failure seen on a phone).
  await settled(page);
}

test.describe('patient profile', () => {
  test('a patient completes the five steps, leaves and returns to the same step, sees the summary and edits a card', { tag: '@phone' }, async ({ page, request }) => {
    test.setTimeout(240_000);
    const patient = await registerApprovedPatient(request);

    await signIn(page, 'patient', patient.email, patient.password);
    await expect(page).toHaveURL(/\/patient-profile(\?step=1)?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Health Profile' })).toBeVisible();
    await expectStep(page, 1);
    await expectAccessible(page);
    await fillSteps1to3(page);
    await expectAccessible(page);
    await next(page, 4);

    // Leave (everything is saved, so no prompt) and come back: the wizard reopens at step 4.
    await (await topBarItem(page, 'link', 'Questions')).click();
    await expect(page).toHaveURL(/\/patient\/questions$/);
    await page.goto('/patient-profile');
    await expectStep(page, 4);

    // Unsaved changes: leaving asks first.
    await page.getByLabel('Unaddressed Concerns', { exact: true }).fill('Draft');
    await (await topBarItem(page, 'link', 'Questions')).click();
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' }); // on a phone the menu drawer is a dialog too
    await expect(dialog).toContainText('You have unsaved changes. Are you sure you want to leave?');
    await settled(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/patient-profile\?step=4$/);
    await page.getByLabel('Unaddressed Concerns', { exact: true }).fill('');

    // Step 4 left empty: the final submit lists what is missing.
    await next(page, 5);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit Profile' }).click();
    const toast = page.getByRole('region', { name: 'Notifications' });
    await expect(toast).toContainText(`${MISSING_FIELDS} Treatment Goals, Unaddressed Concerns, Smoking History`);
    await page.screenshot({ path: 'test-results/profile-wizard-missing.png', fullPage: true });
    await page.getByRole('button', { name: 'Go to step 4' }).click();
    await fillStep4(page, 'Fatigue after chemotherapy');
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/profile-wizard-step4.png', fullPage: true });
    await next(page, 5);
    await page.getByRole('button', { name: 'Submit Profile' }).click();
    await expect(page).toHaveURL(/\/patient-profile-summary$/);
    await expect(toast).toContainText(PROGRESS_SUBMITTED);

    await expect(page.getByRole('heading', { level: 1, name: `Profile Summary for ${patient.firstName} ${patient.lastName}` })).toBeVisible();
    await expect(page.getByText(/^Last updated: /)).toBeVisible();
    await expect(page.getByText(`Record ID: ${patient.patientId}`)).toBeVisible();
    await expect(page.getByText('Beekeeper')).toBeVisible();
    await expect(page.getByText('5 ft 7 in (170.18 cm)')).toBeVisible();
    await expect(page.getByText('Fatigue after chemotherapy')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Edit Lifestyle, Goals & Concerns' }).click();
    await expect(page).toHaveURL(/\/patient-profile\?step=4$/);
    await expectStep(page, 4);
    await expect(page.getByLabel('Unaddressed Concerns', { exact: true })).toHaveValue('Fatigue after chemotherapy');
    await page.getByLabel('Unaddressed Concerns', { exact: true }).fill('Sleep and fatigue');
    await next(page, 5);
    await page.getByRole('button', { name: 'Submit Profile' }).click();
    await expect(page).toHaveURL(/\/patient-profile-summary$/);
    await expect(page.getByText('Sleep and fatigue')).toBeVisible();
    await page.screenshot({ path: 'test-results/profile-summary.png', fullPage: true });

    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/patient\/questions$/);

    // Signing in again with a complete profile goes to the questions.
    await (await topBarItem(page, 'button', 'Sign Out')).click();
    await signIn(page, 'patient', patient.email, patient.password);
    await expect(page).toHaveURL(/\/patient\/questions$/);
  });

  test('an expert opens the read-only profile, the consolidated page and the reference documents', async ({ page, request }) => {
    test.setTimeout(120_000);
    const headers = { Authorization: `Bearer ${await adminToken(request)}` };
    const list = await (await request.get('/api/admin/patients-auth', { headers })).json();
    const demo = list.users.find((u: { email: string }) => u.email === DEMO.patient);

    await signIn(page, 'expert');
    await page.goto(`/patient-profile-readonly/${demo.patient_id}`);
    await expect(page.getByRole('heading', { level: 1, name: `${demo.first_name} ${demo.last_name}` })).toBeVisible();
    await expect(page.getByText(`Patient ID: ${demo.patient_id}`)).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText([
      'Basic Info', 'Cancer', 'Goals', 'Treatments', 'Surgeries', 'Conditions', 'Medications', 'Family History', 'Lifestyle', 'Symptoms', 'Reports',
    ]);
    await expect(page.getByRole('tabpanel').getByText('Not specified').first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Symptoms' }).click();
    await expect(page.getByText('No symptoms reported.')).toBeVisible();
    await page.getByRole('tab', { name: 'Family History' }).click();
    await expect(page.getByText('No family history of cancer reported.')).toBeVisible();
    await page.screenshot({ path: 'test-results/profile-readonly.png', fullPage: true });

    await page.getByRole('link', { name: 'View Consolidated Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/patient-profile-consolidated/${demo.patient_id}$`));
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(13);
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/profile-consolidated.png', fullPage: true });

    const [scale] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Karnofsky Performance Status Scale' }).click()]);
    await expect(scale.getByRole('heading', { level: 1, name: 'Karnofsky Performance Status Scale' })).toBeVisible();
    await expect(scale.getByRole('row').filter({ hasText: 'Normal; no complaints; no evidence of disease.' })).toContainText('100');
    await expectAccessible(scale);
    await scale.close();
    const [ros] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Review of Systems Symptom List' }).click()]);
    await expect(ros.getByRole('heading', { level: 2, name: 'Respiratory' })).toBeVisible();
    await expectAccessible(ros);
    await ros.close();

    await page.goto(`/patients/${demo.patient_id}/profile`);
    await expect(page.getByRole('heading', { level: 1, name: `Profile Summary for ${demo.first_name} ${demo.last_name}` })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('an admin edits a patient with the wizard in admin mode, and the access log records it', async ({ page, request }) => {
    test.setTimeout(240_000);
    const patient = await registerApprovedPatient(request);

    await signIn(page, 'admin');
    await page.goto('/admin/users');
    await page.getByRole('link', { name: `${patient.firstName} ${patient.lastName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/patient/${patient.patientId}/edit(\\?step=1)?$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Patient Profile' })).toBeVisible();
    await expect(page.getByText(patient.email)).toBeVisible();
    await expect(page.getByText('0%')).toBeVisible();
    await expectAccessible(page);

    await fillSteps1to3(page);
    await next(page, 4);
    await fillStep4(page, 'Second opinion on chemotherapy');
    await next(page, 5);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(PATIENT_UPDATED);
    await expect(page).toHaveURL(new RegExp(`/patients/${patient.patientId}/profile$`));
    await expect(page.getByRole('heading', { level: 1, name: `Profile Summary for ${patient.firstName} ${patient.lastName}` })).toBeVisible();
    await expect(page.getByText('Second opinion on chemotherapy')).toBeVisible();

    // The record is complete now: the patient's next sign-in goes to the questions.
    const signedIn = await request.post('/api/auth/login', { data: { email: patient.email, password: patient.password, role: 'patient' } });
    expect((await signedIn.json()).user.profileCompletion).toBe(100);

    await page.goto('/admin/operations');
    await page.getByRole('tab', { name: 'Access log' }).click();
    await chooseOption(page, 'Patient', `${patient.firstName} ${patient.lastName} (${patient.email})`);
    const edited = page.getByRole('row').filter({ hasText: 'Edited profile' });
    await expect(edited.first()).toContainText(`${DEMO.admin} (admin)`);
    await expect(page.getByRole('row').filter({ hasText: 'Viewed profile' }).first()).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/profile-access-log.png', fullPage: true });
  });
});
