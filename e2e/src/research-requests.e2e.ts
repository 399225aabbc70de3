import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerApprovedPatient, signIn } from '../support/accounts';
import { receivedMail } from '../support/mail';
import { expectAccessibleAtRest, watchConsole } from '../support/pages';

// Issue 38: deep research a patient asks for. Texts of the contracts (ResearchRequestTexts, ResearchTexts), quoted.
const ASK = 'Ask for deep research';
const STATE = {
  requested: 'Requested: waiting for an expert to review it.',
  published: 'Published: the report is below.',
  declined: 'Declined by the reviewer.',
};
const QUEUE = 'Research requests';
const TAKE = 'Start the run';
const AWAITING = 'Plan waiting for approval';
const APPROVE = 'Approve plan';
const REPORT_MAIL = 'Your question received a deep research report.';
const DECLINED_MAIL = 'Your request for deep research was declined.';
/** The question the hand-made literature fixtures hold for deep research (tools/literature-fixtures). */
const QUESTION = 'Does exercise help fatigue during chemotherapy for breast cancer?';
/** ANSWER_MAIL_QUIET_SECONDS and MAIL_RELAY_INTERVAL_MS of the e2e run (support/run-id.ts), with room for a busy machine. */
const SETTLE_MS = 2_000 + 1_000 + 5_000;

/** The patient's question, asked through the API (the journey under test starts on its page). */
async function askAs(request: APIRequestContext, email: string, password: string, text: string): Promise<number> {
  const login = await request.post('/api/auth/login', { data: { email, password, role: 'patient' } });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await login.json()).accessToken}` };
  const created = await request.post('/api/questions', { headers, data: { question_text: text, cancer_type: 'Breast Cancer' } });
  expect(created.status()).toBe(201);
  return (await created.json()).id as number;
}

/** The patient asks on the question's Deep Research tab and sees the request waiting, in the tab and the strip. */
async function askForResearch(page: Page, questionId: number) {
  await page.goto(`/patient/questions/${questionId}?tab=deep_research`);
  const box = page.getByTestId('research-request');
  await expect(box.getByText('An expert reviews the research plan before any search starts', { exact: false })).toBeVisible();
  await expectAccessibleAtRest(page);
  await box.getByRole('button', { name: ASK }).click();
  await expect(page.getByTestId('research-request-state')).toHaveText(STATE.requested);
  await expect(page.getByTestId('glance-deep_research')).toContainText('Requested');
  await expectAccessibleAtRest(page);
}

/** The queue's row of this question (its link leads to the question's Deep Research tab). */
const queueRow = (page: Page, role: 'expert' | 'admin', questionId: number) =>
  page.locator('tr').filter({ has: page.locator(`a[href="/${role}/questions/${questionId}?tab=deep_research"]`) });

const mailsTo = (email: string, text: string) => receivedMail().filter((m) => m.to.includes(email.toLowerCase()) && m.text.includes(text));

test.describe('deep research a patient asks for', () => {
  test('the patient asks, an expert takes it, edits and approves the plan; the patient reads the report and gets one e-mail', { tag: '@phone' }, async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const patient = await registerApprovedPatient(request, { label: 'research', password: 'Research-pass-1', firstName: 'Rae', lastName: 'Search' });
    const questionId = await askAs(request, patient.email, patient.password, QUESTION);
    const patientConsole = watchConsole(page);
    await signIn(page, 'patient', patient.email, patient.password);
    await askForResearch(page, questionId);

    // The expert's queue: the request with its cancer type; taking it starts the run and opens its plan review.
    const expert = await (await browser.newContext({ viewport: page.viewportSize() ?? undefined })).newPage();
    const expertConsole = watchConsole(expert);
    await signIn(expert, 'expert');
    await expert.goto('/expert/research-requests');
    await expect(expert.getByRole('heading', { level: 1, name: QUEUE })).toBeVisible();
    const row = queueRow(expert, 'expert', questionId);
    await expect(row.getByText('Breast Cancer', { exact: true })).toBeVisible();
    await expectAccessibleAtRest(expert);
    await row.getByRole('button', { name: new RegExp(`^${TAKE}`) }).click();
    await expect(expert).toHaveURL(new RegExp(`/expert/questions/${questionId}\\?tab=deep_research`));
    const status = expert.getByTestId('research-status');
    await expect(status).toHaveText(AWAITING, { timeout: 30_000 });
    const plan = expert.locator('.ant-card').filter({ hasText: 'Review the plan' });
    await plan.getByLabel('From year').fill('2015');
    await plan.getByRole('button', { name: 'Save plan' }).click();
    await expect(plan.getByLabel('From year')).toHaveValue('2015');
    await expectAccessibleAtRest(expert);

    // While the plan waits, the patient sees it under review (the tab follows without a reload).
    await expect(page.getByTestId('research-request-state')).toHaveText(/Plan under review/, { timeout: 15_000 });

    await plan.getByRole('button', { name: APPROVE }).click();
    await expect(expert.locator('.ant-card').filter({ hasText: 'Deep research report' })).toBeVisible({ timeout: 90_000 });
    await expect(status).toHaveText('Completed');
    expect(expertConsole).toEqual([]);

    // The patient: the request published, the report in the tab, the strip says so; one e-mail tells it.
    await expect(page.getByTestId('research-request-state')).toHaveText(STATE.published, { timeout: 30_000 });
    await expect(page.getByRole('tab', { name: 'Deep Research (1)' })).toBeVisible({ timeout: 15_000 });
    const report = page.getByRole('article').filter({ hasText: 'Summary for patients' });
    await expect(report.getByRole('table').first()).toBeVisible();
    await expect(page.getByTestId('glance-deep_research')).toHaveAttribute('data-state', 'answered');
    await expectAccessibleAtRest(page);
    await expect.poll(() => mailsTo(patient.email, REPORT_MAIL).length, { message: 'the report e-mail', timeout: 30_000 }).toBe(1);
    await page.waitForTimeout(SETTLE_MS);
    const mails = mailsTo(patient.email, REPORT_MAIL);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/patient/questions/${questionId}`);
    expect(patientConsole).toEqual([]);
  });

  test('an admin declines with a reason: the patient sees it, and the e-mail and the "New answers" mark tell them', { tag: '@phone' }, async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const patient = await registerApprovedPatient(request, { label: 'research', password: 'Research-pass-1', firstName: 'Rae', lastName: 'Search' });
    const token = `zr${Date.now().toString(36)}`;
    const questionId = await askAs(request, patient.email, patient.password, `Should I take vitamin D ${token} during chemotherapy for breast cancer?`);
    const patientConsole = watchConsole(page);
    await signIn(page, 'patient', patient.email, patient.password);
    await askForResearch(page, questionId);
    await page.goto('/patient/questions');

    const admin = await (await browser.newContext({ viewport: page.viewportSize() ?? undefined })).newPage();
    const adminConsole = watchConsole(admin);
    await signIn(admin, 'admin');
    await admin.goto('/admin/research-requests');
    await expect(admin.getByRole('heading', { level: 1, name: QUEUE })).toBeVisible();
    const row = queueRow(admin, 'admin', questionId);
    await row.getByRole('button', { name: /^Decline/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Decline this request' });
    const reason = 'A literature review cannot answer this one (REVIEWER-REASON); please ask your oncologist about your vitamin D level.';
    await dialog.getByLabel("Reviewer's reason").fill(reason);
    await expectAccessibleAtRest(admin);
    await dialog.getByRole('button', { name: 'Decline request' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    expect(adminConsole).toEqual([]);

    // The e-mail (without the reason) and the mark, then the reason on the question's page.
    await expect.poll(() => mailsTo(patient.email, DECLINED_MAIL).length, { message: 'the decline e-mail', timeout: 30_000 }).toBe(1);
    expect(mailsTo(patient.email, DECLINED_MAIL)[0]!.text).not.toContain('REVIEWER-REASON');
    await page.goto('/patient/questions');
    await expect(page.getByRole('banner').getByRole('link', { name: /New answers: \d+ question/ })).toBeVisible();
    await page.goto(`/patient/questions/${questionId}?tab=deep_research`);
    await expect(page.getByTestId('research-request-state')).toHaveText(STATE.declined);
    await expect(page.getByTestId('research-decline-reason')).toHaveText(reason);
    await expect(page.getByTestId('glance-deep_research')).toContainText('Declined');
    await expect(page.getByRole('button', { name: ASK })).toHaveCount(0);
    await expectAccessibleAtRest(page);
    expect(patientConsole).toEqual([]);
  });
});
