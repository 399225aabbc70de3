import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatFileSize } from '@cqa/contracts';
import { DEMO, DEMO_PASSWORD, registerApprovedPatient, signIn } from '../support/accounts';
import { expectAccessible, watchConsole } from '../support/pages';
import { pdf } from '../support/pdf';

// Texts of the message catalogue (libs/contracts/src/messages.ts), quoted as the spec words them.
const UPLOADED = 'Report uploaded!';
const DELETED = 'Report deleted';
const NONE_UPLOADED = 'No medical reports uploaded yet.';
const INVALID_TYPE = 'Invalid file type. Only PDF, JPG, JPEG, and PNG files are allowed.';

async function demoPatientId(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD, role: 'admin' } });
  expect(login.status()).toBe(200);
  const { accessToken } = await login.json();
  const res = await request.get('/api/admin/patients-auth', { headers: { Authorization: `Bearer ${accessToken}` } });
  const { users } = await res.json();
  return users.find((u: { email: string }) => u.email === DEMO.patient).patient_id;
}

/**
 * Opens a report from its row. The page fetches the authorised download with its in-memory token, and the new tab
 * shows a blob: URL of those bytes: no link with a credential is ever made.
 */
async function openReport(page: Page, fileName: string, expected: Buffer): Promise<Page> {
  const [tab, download] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => /\/api\/medical-reports\/[0-9a-f-]+\/file$/.test(r.url())),
    page.getByRole('button', { name: `Open ${fileName}` }).click(),
  ]);
  expect(download.status()).toBe(200);
  expect(download.request().headers().authorization).toMatch(/^Bearer /);
  const headers = download.headers();
  expect(headers['content-type']).toBe('application/pdf');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['cache-control']).toBe('private, no-store');
  expect(headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(fileName)}`);
  expect((await download.body()).equals(expected)).toBe(true);
  await expect.poll(() => tab.url()).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\/[0-9a-f-]+$/);
  return tab;
}

test.describe('medical reports', () => {
  test('a patient uploads a PDF in wizard step 5, sees, opens and deletes it; an expert sees it read-only', { tag: '@phone' }, async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    const fileName = `e2e-biopsy-${Date.now().toString(36)}.pdf`;
    const file = pdf('Biopsy report for the e2e journey');

    await signIn(page, 'patient');
    await page.goto('/patient-profile?step=5');
    await expect(page.getByRole('heading', { name: 'Medical Reports Upload' })).toBeVisible();
    await expect(page.getByText(NONE_UPLOADED)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Report type' }).locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText('Lab Results');
    await expectAccessible(page);

    // A script named like a picture is refused before any byte is sent.
    await page.getByLabel('Report file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('#!/bin/sh\necho pwned\n') });
    await expect(page.getByRole('alert').filter({ hasText: INVALID_TYPE })).toBeVisible();

    await page.getByRole('combobox', { name: 'Report type' }).click();
    await page.locator('.ant-select-item-option[title="Pathology Reports"]').click();
    await page.getByLabel('Report file').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: file });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText(UPLOADED)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: fileName });
    await expect(row).toContainText('Pathology Reports');
    await expect(row).toContainText(formatFileSize(file.length));
    await expectAccessible(page);

    const tab = await openReport(page, fileName, file);
    await tab.close();

    // An expert opens the read-only profile's Reports tab: the report is listed, opens, and cannot be deleted.
    const patientId = await demoPatientId(request);
    const expertContext = await browser.newContext();
    const expert = await expertContext.newPage();
    await signIn(expert, 'expert');
    await expert.goto(`/patient-profile-readonly/${patientId}`);
    await expert.getByRole('tab', { name: 'Reports' }).click();
    const expertRow = expert.getByRole('row').filter({ hasText: fileName });
    await expect(expertRow).toContainText('Pathology Reports');
    await expect(expert.getByRole('button', { name: `Delete ${fileName}` })).toHaveCount(0);
    await expect(expert.getByLabel('Report file')).toHaveCount(0);
    await expectAccessible(expert);
    await (await openReport(expert, fileName, file)).close();
    await expertContext.close();

    // Back to the patient: delete, after confirming.
    await page.getByRole('button', { name: `Delete ${fileName}` }).click();
    await expect(page.getByText(`Delete "${fileName}"? This cannot be undone.`)).toBeVisible();
    await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(DELETED)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: fileName })).toHaveCount(0);
    await expect(page.getByText(NONE_UPLOADED)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('an upload refused for a stale access token is sent again once the session is renewed, and is listed', async ({ page, request }) => {
    const patient = await registerApprovedPatient(request, { label: 'stale-upload', password: 'E2e-stale-upload-2026', firstName: 'Sten', lastName: 'Upload' });
    // A token the API no longer takes while the browser's refresh cookie still holds: one of the patient's own, from a
    // session since ended (as an access token past its lifetime, or one of a session version moved on, is refused).
    const other = await request.post('/api/auth/login', { data: { email: patient.email, password: patient.password, role: 'patient' } });
    const stale = ((await other.json()) as { accessToken: string }).accessToken;
    expect((await request.post('/api/auth/logout')).ok()).toBe(true);
    expect((await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${stale}` } })).status()).toBe(401);

    // Signed in in this browser (its refresh cookie set by the login's answer); the page server restores the session.
    expect((await page.request.post('/api/auth/login', { data: { email: patient.email, password: patient.password, role: 'patient' } })).ok()).toBe(true);
    await page.goto('/patient-profile?step=5');
    await expect(page.getByRole('heading', { name: 'Medical Reports Upload' })).toBeVisible();
    await expect(page.getByText(NONE_UPLOADED)).toBeVisible();

    // The page's in-memory token has gone stale: its first upload carries the stale one. The API refuses it before
    // reading the body and closes the connection (registerCloseOnEarlyRefusal), 2 MB still to come.
    // The browser sends each upload itself (the route only swaps the first one's token); what it saw is recorded.
    const attempts: Array<{ authorization: string | undefined; outcome: string }> = [];
    let refreshedAfterRefusal = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/refresh') && attempts.length === 1) refreshedAfterRefusal = true;
      if (r.url().endsWith('/api/upload')) attempts.push({ authorization: r.headers().authorization, outcome: 'pending' });
    });
    const attemptOf = (r: { url(): string }) => (r.url().endsWith('/api/upload') ? attempts.findLast((a) => a.outcome === 'pending') : undefined);
    page.on('response', (r) => { const a = attemptOf(r); if (a) a.outcome = String(r.status()); });
    // The server closed the connection before the browser had sent the body, and the browser saw no answer.
    page.on('requestfailed', (r) => { const a = attemptOf(r); if (a) a.outcome = 'closed'; });
    let swapped = false;
    await page.route('**/api/upload', async (route) => {
      if (swapped) return route.continue();
      swapped = true;
      await route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${stale}` } });
    });
    const fileName = `e2e-stale-${Date.now().toString(36)}.pdf`;
    const file = Buffer.concat([Buffer.from('%PDF-1.4\n%e2e\n'), Buffer.alloc(2 * 1024 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);
    await page.getByLabel('Report file').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: file });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText(UPLOADED)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('row').filter({ hasText: fileName })).toContainText(formatFileSize(file.length));
    test.info().annotations.push({ type: 'first upload', description: attempts[0]?.outcome ?? 'none' });
    // Refused once, renewed through the refresh route, sent once more with the new token: never a third time.
    expect(attempts.map((a) => a.outcome)).toEqual([expect.stringMatching(/^(401|closed)$/), '201']);
    expect(refreshedAfterRefusal).toBe(true);
    expect(attempts[1]!.authorization).toMatch(/^Bearer /);
    expect(attempts[1]!.authorization).not.toBe(attempts[0]!.authorization);
  });
});
