import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { createConnection } from 'mysql2/promise';
import {
  AccountDeletionTexts as D, AccountExportTexts as X, AccountPageTexts as T, AuthTexts, PatientPaths, ReportPaths, UploadFields,
} from '@cqa/contracts';
import { DEMO, DEMO_PASSWORD, formsHydrated, openLogin, submitLogin } from '../support/accounts';
import { linkFromMail } from '../support/mail';
import { expectAccessible } from '../support/pages';
import { pdf } from '../support/pdf';
import { e2eRun } from '../support/run-id';

const UNABLE_TO_LOGIN = 'Unable to login. Please contact support for assistance.';

/** Every file under `dir` (the run's report store, the data archives' folder included). */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : [full];
    });
  } catch {
    return [];
  }
}

/**
 * Every text, JSON, binary and enum column of every table of this run's database, searched for each needle: the rows
 * that still hold one, as "table.column: needle".
 */
async function rowsHolding(needles: string[]): Promise<string[]> {
  const db = await createConnection(e2eRun().env.DATABASE_URL);
  try {
    const [columns] = await db.query(
      `SELECT TABLE_NAME AS t, COLUMN_NAME AS c FROM information_schema.COLUMNS
        WHERE TABLE_SCHEMA = DATABASE() AND DATA_TYPE IN ('char', 'varchar', 'tinytext', 'text', 'mediumtext', 'longtext', 'json', 'enum', 'set', 'binary', 'varbinary', 'tinyblob', 'blob', 'mediumblob', 'longblob')`,
    );
    const found: string[] = [];
    for (const { t, c } of columns as { t: string; c: string }[]) {
      for (const needle of needles) {
        const [rows] = await db.query(`SELECT 1 FROM \`${t}\` WHERE LOWER(CAST(\`${c}\` AS CHAR CHARACTER SET utf8mb4)) LIKE ? LIMIT 1`, [`%${needle.toLowerCase()}%`]);
        if ((rows as unknown[]).length > 0) found.push(`${t}.${c}: ${needle}`);
      }
    }
    return found;
  } finally {
    await db.end();
  }
}

async function erasedAt(userId: string): Promise<string | null> {
  const db = await createConnection(e2eRun().env.DATABASE_URL);
  try {
    const [rows] = await db.query('SELECT erased_at FROM users WHERE id = ?', [userId]);
    return ((rows as { erased_at: Date | null }[])[0]?.erased_at ?? null) ? 'erased' : null;
  } finally {
    await db.end();
  }
}

async function signInOnPage(page: Page, email: string, password: string) {
  await openLogin(page, 'patient');
  await submitLogin(page, email, password);
}

// Issue 44, end to end: a patient registers, verifies, is told the registration waits, is approved by e-mail, changes
// the password, downloads the archive of their data (the profile and the report file in it), deletes the account, and
// after the erasure job no row of any table holds their name, e-mail or profile, and no stored file their report.
test('a patient account from registration to erasure: pending notice, approval e-mail, password, data archive, deletion', { tag: '@phone' }, async ({ page, request }) => {
  test.setTimeout(240_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `lifecycle-${stamp}@example.test`;
  const firstName = `Quilla${stamp}`;
  const lastName = `Featherstone${stamp}`;
  const profileMark = `Cousin Zebedee${stamp} drives me to chemo`;
  const reportMark = `Biopsy report of ${lastName}`;
  const report = pdf(reportMark);
  const password = 'Lifecycle-pass-2026';
  const newPassword = 'Lifecycle-changed-2026';

  // Register on the landing page and verify through the e-mailed link.
  await page.goto('/');
  await page.evaluate(() => localStorage.removeItem('hasAccount'));
  await page.goto('/');
  await formsHydrated(page);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('checkbox', { name: /disclaimers/ }).check();
  await page.getByRole('checkbox', { name: /HIPAA/ }).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();
  const verifyLink = await linkFromMail(email, /Verify your email/, /http:\/\/\S+\/verify-email\/\S+/);
  await page.goto(verifyLink);
  await expect(page.getByText(AuthTexts.emailVerified).first()).toBeVisible();

  // Pending: the spec's refusal and the line saying an admin reviews the registration.
  await signInOnPage(page, email, password);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(`${UNABLE_TO_LOGIN} ${AuthTexts.registrationAwaitingApproval}`);

  // An admin approves it with the spec's call; the approval arrives by e-mail with the way to the login form.
  const admin = await request.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD, role: 'admin' } });
  const adminHeaders = { Authorization: `Bearer ${(await admin.json()).accessToken}` };
  const { users } = await (await request.get('/api/admin/patients-auth', { headers: adminHeaders })).json();
  const userId: string = users.find((u: { email: string }) => u.email === email).id;
  expect((await request.post(`/api/approve-user/${userId}`, { headers: adminHeaders })).status()).toBe(200);
  const loginLink = await linkFromMail(email, /registration is approved/, /http:\/\/\S+\/\?mode=login/);
  await page.goto(loginLink);
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/patient-profile$/);

  // A profile value and a report of theirs (through the API the wizard uses), for the archive and the erasure to find.
  const session = await (await request.post('/api/auth/login', { data: { email, password, role: 'patient' } })).json();
  const headers = { Authorization: `Bearer ${session.accessToken}` };
  const patientId: string = session.user.patientId;
  expect((await request.put(PatientPaths.one(patientId), { headers, data: { profile: { support_network: profileMark } } })).status()).toBe(200);
  const uploaded = await request.post(ReportPaths.upload, {
    headers, multipart: { [UploadFields.reportType]: 'Pathology Reports', [UploadFields.file]: { name: 'biopsy.pdf', mimeType: 'application/pdf', buffer: report } },
  });
  expect(uploaded.status()).toBe(201);

  // The password changes on the account page; this session goes on.
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
  await page.getByLabel(T.currentPassword, { exact: true }).fill(password);
  await page.getByLabel(T.newPassword, { exact: true }).fill(newPassword);
  await page.getByLabel(T.confirmPassword).fill(newPassword);
  await page.getByRole('button', { name: T.changePassword }).click();
  await expect(page.getByText(T.passwordChanged)).toBeVisible();

  // Download my data: prepared by the worker, announced by e-mail, downloaded here while signed in.
  await page.getByRole('button', { name: X.prepare }).click();
  await linkFromMail(email, /data archive is ready/, /http:\/\/\S+\/account#data-export/);
  const downloadButton = page.getByRole('button', { name: /^Download archive/ });
  await expect(downloadButton).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  const archive = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const names = Object.keys(archive);
  const jsonText = names.filter((n) => n.endsWith('.json')).map((n) => strFromU8(archive[n]!)).join('\n');
  expect(jsonText).toContain(profileMark);
  expect(names.some((n) => Buffer.from(archive[n]!).equals(report))).toBe(true);

  // What the erasure must remove is there now: the scan below finds each of these before it, so it can fail.
  const needles = [firstName, lastName, email, profileMark];
  const held = await rowsHolding(needles);
  for (const needle of needles) expect(held.some((row) => row.endsWith(`: ${needle}`)), `a row holds ${needle}`).toBe(true);
  expect(filesUnder(e2eRun().reportsDir).filter((f) => readFileSync(f).includes(reportMark)).length).toBeGreaterThan(0);

  // Delete my account: the statement, the password, the confirmation; signed out at once.
  await expect(page.getByText(D.whatGoes)).toBeVisible();
  await expect(page.getByText(D.whatStays)).toBeVisible();
  await page.getByLabel(D.passwordLabel, { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: D.start }).click();
  await page.getByRole('button', { name: D.confirm }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 20_000 });
  await expect(page.getByText(D.signedOutNotice, { exact: false })).toBeVisible();

  // The worker's sweep erases the account (no grace period in this run); then nothing of the person is left.
  await expect.poll(() => erasedAt(userId), { timeout: 60_000, message: 'the account is erased' }).toBe('erased');
  await expect.poll(() => filesUnder(e2eRun().reportsDir).filter((f) => readFileSync(f).includes(reportMark)), {
    timeout: 30_000, message: 'no stored file (report or archive) holds the report',
  }).toEqual([]);
  expect(await rowsHolding(needles)).toEqual([]);

  // The old address no longer signs in.
  const refused = await request.post('/api/auth/login', { data: { email, password: newPassword, role: 'patient' } });
  expect(refused.status()).toBe(401);
});
