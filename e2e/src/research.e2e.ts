import { expect, test, type APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO, DEMO_PASSWORD, signIn } from '../support/accounts';
import { expectAccessibleAtRest, watchConsole } from '../support/pages';

// Texts of the contracts (ResearchTexts, RESEARCH_STATUS_LABELS, RESEARCH_STAGE_LABELS), quoted.
const START = 'Start deep research';
const APPROVE = 'Approve plan';
const AWAITING = 'Plan waiting for approval';
const STAGES = /Running — (Searching the databases|Removing duplicates|Screening against the criteria|Reading the included studies|Writing the report|Checking every claim against its sources|Publishing)/;
/** The question the hand-made literature fixtures hold for deep research (tools/literature-fixtures). */
const QUESTION = 'Does exercise help fatigue during chemotherapy for breast cancer?';

/** The fake AI provider of this run (e2e/support/serve.mjs writes its address). */
const fakeAiBase = () => readFileSync(path.join(tmpdir(), `cqa_e2e_fake_ai_${process.env.E2E_RUN_ID}.url`), 'utf8').trim().replace(/\/v1$/, '');
/** Holds the next model reply for a few seconds, so the progress can be watched. */
async function stallNextReply(request: APIRequestContext, ms = 5000) {
  const res = await request.post(`${fakeAiBase()}/__faults`, { data: { fault: 'stall', times: 1, stallMs: ms } });
  expect(res.ok()).toBe(true);
}

/** The admin asks the fixtures' question by hand (through the API: the journey under test starts on its page). */
async function askAsAdmin(request: APIRequestContext): Promise<number> {
  const login = await request.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD, role: 'admin' } });
  const headers = { Authorization: `Bearer ${(await login.json()).accessToken}` };
  const created = await request.post('/api/questions', { headers, data: { question_text: QUESTION, cancer_type: 'Breast Cancer' } });
  expect(created.status()).toBe(201);
  return (await created.json()).id as number;
}

test.describe('Deep research', () => {
  test('an admin starts it, edits and approves the plan, watches the progress and reads the report; a patient reads it too', async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const questionId = await askAsAdmin(request);
    const adminConsole = watchConsole(page);
    await signIn(page, 'admin');
    await page.goto(`/admin/questions/${questionId}?tab=deep_research`);
    await expect(page.getByRole('tab', { name: 'Deep Research (0)' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: START }).click();

    // The model proposes a plan; nothing is searched before an admin approves it.
    const status = page.getByTestId('research-status');
    await expect(status).toHaveText(AWAITING, { timeout: 30_000 });
    const plan = page.locator('.ant-card').filter({ hasText: 'Review the plan' });
    await expect(plan.getByLabel('Sub-question 1', { exact: true })).not.toHaveValue('');
    await expect(plan.getByLabel('Sub-question 1 PubMed query')).toHaveValue('exercise fatigue chemotherapy');
    await expectAccessibleAtRest(page);

    // Edit: one more inclusion criterion and a later start year; saved, then approved.
    const criteria = plan.getByLabel('Inclusion criteria');
    await criteria.fill(`${await criteria.inputValue()}\nAdults only`);
    await plan.getByLabel('From year').fill('2015');
    await plan.getByRole('button', { name: 'Save plan' }).click();
    await expect(plan.getByLabel('Inclusion criteria')).toHaveValue(/Adults only$/);

    // Hold one model reply so the running stages can be watched.
    await stallNextReply(request);
    await plan.getByRole('button', { name: APPROVE }).click();
    await expect(status).toHaveText(STAGES, { timeout: 20_000 });
    await expect(page.getByRole('progressbar', { name: 'Deep research progress' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expectAccessibleAtRest(page);

    // The report: method counts (PRISMA-style), the queries with their dates, the evidence table, references.
    const report = page.locator('.ant-card').filter({ hasText: 'Deep research report' });
    await expect(report).toBeVisible({ timeout: 60_000 });
    await expect(status).toHaveText('Completed');
    const counts = report.getByTestId('research-counts');
    const count = (label: string) => counts.locator('tr').filter({ has: page.getByText(label, { exact: true }) });
    await expect(count('Found')).toContainText('11');
    await expect(count('After removing duplicates')).toContainText('5');
    await expect(count('Screened')).toContainText('5');
    await expect(count('Excluded')).toContainText('1 (Retracted publication: 1)');
    await expect(count('Included')).toContainText('4');
    const queries = report.getByRole('list', { name: 'Queries' }).getByRole('listitem');
    await expect(queries).toHaveCount(5);
    await expect(queries.first()).toContainText(/\d{4}-\d{2}-\d{2}: exercise fatigue chemotherapy/);
    const evidence = report.getByRole('table', { name: 'Evidence table' });
    await expect(evidence.getByRole('columnheader', { name: 'Key result' })).toBeVisible();
    await expect(evidence.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(4);
    await expect(report.getByRole('list', { name: 'References' }).getByRole('listitem')).toHaveCount(4);
    await expect(report.getByRole('list', { name: 'References' }).getByRole('listitem').first()).toContainText('Not retracted');
    // The edited plan was the one run.
    await expect(report.getByText('Only records published 2015–')).toBeVisible();
    // The certainty of the evidence with its reasons, and (staff only) every statement as the verifier decided it.
    await expect(report.getByText(/Evidence certainty/).first()).toBeVisible();
    await expect(report.getByRole('button', { name: /Statement checks \(staff only\)/ })).toBeVisible();
    // Published as the question's deep research answer, its markdown evidence table rendered as a table.
    await expect(page.getByRole('tab', { name: 'Deep Research (1)' })).toBeVisible({ timeout: 10_000 });
    const answer = page.getByRole('article').filter({ hasText: 'Summary for patients' }).last();
    await expect(answer.getByRole('table').getByRole('columnheader', { name: 'Evidence level' })).toBeVisible();
    await expectAccessibleAtRest(page);
    expect(adminConsole).toEqual([]);

    // A patient reads the published report with its evidence table (no controls, no plan).
    const patientPage = await (await browser.newContext()).newPage();
    const patientConsole = watchConsole(patientPage);
    await signIn(patientPage, 'patient');
    await patientPage.goto(`/patient/questions/${questionId}?tab=deep_research`);
    const published = patientPage.getByRole('article').filter({ hasText: 'Summary for patients' });
    await expect(published.getByRole('table').getByRole('row').filter({ has: patientPage.getByRole('cell') })).toHaveCount(4);
    await expect(published.getByRole('link').first()).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(patientPage.getByRole('button', { name: START })).toHaveCount(0);
    await expect(patientPage.getByText(/Evidence certainty/).first()).toBeVisible();
    await expect(patientPage.getByRole('button', { name: /Statement checks/ })).toHaveCount(0);
    // Each published statement of the report opens to its verbatim quotes and their source.
    const statements = patientPage.getByRole('list', { name: 'The evidence behind each statement' });
    const statement = statements.getByRole('button').first();
    await statement.click();
    await expect(statement).toHaveAttribute('aria-expanded', 'true');
    await expect(statements.locator('blockquote').first()).toBeVisible();
    await expect(statements.getByRole('link').first()).toHaveAttribute('href', /^https:\/\//);
    await expect(published.getByRole('columnheader', { name: 'Quote from the study' })).toBeVisible();
    await expectAccessibleAtRest(patientPage);
    expect(patientConsole).toEqual([]);
  });
});
