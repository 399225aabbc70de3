import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signIn } from '../support/accounts';
import { chooseOption, expectAccessible, watchConsole } from '../support/pages';

// Texts of the contracts (AiTexts, AI_ANSWER_DISCLAIMER, the stage labels), quoted.
const DISCLAIMER = 'AI-generated from the cited literature; not medical advice.';
const USE_PROFILE = 'Use my health profile to tailor the AI answer';
const STAGES = /Searching the literature|Writing the answer|Checking every claim against its sources|Publishing|Waiting to start/;
/** The question the hand-made literature fixtures hold (tools/literature-fixtures). */
const QUESTION = 'Does exercise help with fatigue during chemotherapy?';

/** The fake AI provider of this run (e2e/support/serve.mjs writes its address). */
const fakeAiBase = () => readFileSync(path.join(tmpdir(), `cqa_e2e_fake_ai_${process.env.E2E_RUN_ID}.url`), 'utf8').trim().replace(/\/v1$/, '');
/** Holds the next model reply for a few seconds, so the progress can be watched. */
async function stallNextReply(request: APIRequestContext, ms = 6000) {
  const res = await request.post(`${fakeAiBase()}/__faults`, { data: { fault: 'stall', times: 1, stallMs: ms, schema: 'cited_answer' } });
  expect(res.ok()).toBe(true);
}

/** The demo patient asks the fixtures' question (Breast Cancer); `beforeSubmit` runs with the dialog filled in. Answers the new question's id. */
async function askAsPatient(page: Page, beforeSubmit?: (ask: Locator) => Promise<void>): Promise<string> {
  await signIn(page, 'patient');
  await page.goto('/patient/questions');
  await page.getByRole('button', { name: 'Ask a new question' }).click();
  const ask = page.getByRole('dialog', { name: 'Ask a New Question' });
  await expect(ask.getByLabel('Question')).toBeVisible();
  await ask.getByLabel('Question').fill(QUESTION);
  await chooseOption(ask, 'Cancer type', 'Breast Cancer');
  await beforeSubmit?.(ask);
  await ask.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/patient\/questions\/\d+$/);
  return page.url().split('/').pop() as string;
}

async function accessible(page: Page) {
  await page.mouse.move(2, 400);
  await expectAccessible(page);
}

test.describe('AI answers', () => {
  test('a patient asks, watches the progress and reads the cited answer; an admin regenerates it', async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const patientConsole = watchConsole(page);
    const questionId = await askAsPatient(page, async (ask) => {
      // AI_PHI_ALLOWED is false here: no profile consent is offered.
      await expect(ask.getByText(USE_PROFILE)).toHaveCount(0);
      await stallNextReply(request);
    });

    // While the job runs the tab shows its stage and progress instead of the empty text.
    const status = page.getByRole('status').filter({ hasText: STAGES });
    await expect(status).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('progressbar', { name: 'AI answer progress' })).toBeVisible();
    await expect(page.getByText('No OpenAI O1 answers yet. Check back later!')).toHaveCount(0);
    await accessible(page);

    // The published answer: cited, sourced, badged, graded, with the disclaimer.
    await expect(page.getByText(DISCLAIMER)).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole('tab', { name: 'OpenAI O1 (1)' })).toBeVisible();
    const citation = page.getByRole('link', { name: '[1]' }).first();
    await expect(citation).toHaveAttribute('href', /^#ai-source-\d+-1$/);
    const firstSource = page.locator(`li[id^="ai-source-"]`).first();
    await expect(firstSource).toContainText('Not retracted');
    await expect(firstSource).toContainText(/Randomised controlled trial|Meta-analysis/);
    await expect(page.getByText('Sources not used')).toBeVisible();
    await expect(page.getByText('Retracted', { exact: true })).toBeVisible();
    await expect(page.getByText(/Evidence certainty/)).toBeVisible();
    await expect(page.getByText('Model: fake-model')).toBeVisible();
    await citation.click();
    await expect(page).toHaveURL(/#ai-source-\d+-1$/);
    await accessible(page);
    expect(patientConsole).toEqual([]);

    // Admin: Regenerate makes a new run whose answer replaces the first.
    const admin = await (await browser.newContext()).newPage();
    const adminConsole = watchConsole(admin);
    await signIn(admin, 'admin');
    await admin.goto(`/admin/questions/${questionId}`);
    await expect(admin.getByText(DISCLAIMER)).toBeVisible();
    const firstAnswerAnchor = await admin.locator('li[id^="ai-source-"]').first().getAttribute('id');
    await accessible(admin);
    await stallNextReply(request, 4000);
    await admin.getByRole('button', { name: 'Regenerate' }).click();
    await expect(admin.getByRole('status').filter({ hasText: STAGES })).toBeVisible({ timeout: 20_000 });
    await expect(admin.getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 45_000 });
    await expect(admin.locator('li[id^="ai-source-"]').first()).not.toHaveAttribute('id', firstAnswerAnchor!);
    await expect(admin.getByRole('tab', { name: 'OpenAI O1 (1)' })).toBeVisible();
    await expect(admin.getByText(DISCLAIMER)).toBeVisible();

    // The runs with their trigger, model and tokens, for admins.
    await admin.goto('/admin/operations');
    await admin.getByRole('tab', { name: 'AI runs' }).click();
    const rows = admin.getByRole('row').filter({ hasText: 'Does exercise help with fatigue' });
    await expect(rows.filter({ hasText: 'Admin' }).first()).toContainText('fake-model');
    await expect(rows.filter({ hasText: 'New question' }).first()).toContainText('Succeeded');
    await accessible(admin);
    expect(adminConsole).toEqual([]);
  });

  test('claims that misrepresent their verbatim quotes are withheld: the patient sees the count, the admin each reason and verdict', async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const patientConsole = watchConsole(page);
    // The model adds claims that quote a record word for word but say more: a number it does not state, a 'proven cure'.
    expect((await request.post(`${fakeAiBase()}/__faults`, { data: { fault: 'misrepresent_claims', times: 1, schema: 'cited_answer' } })).ok()).toBe(true);
    const questionId = await askAsPatient(page);

    await expect(page.getByText(DISCLAIMER)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/statements? (?:was|were) left out because (?:its|their) sources did not support/)).toBeVisible();
    await expect(page.getByText(/proven cure|97%/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Withheld statements/ })).toHaveCount(0);
    await expect(page.getByText(/Evidence certainty/)).toBeVisible();
    // Each published statement opens, from the keyboard too, to the verbatim quotes it rests on and their source.
    const evidence = page.getByRole('list', { name: 'The evidence behind each statement' });
    const statement = evidence.getByRole('button').first();
    await expect(statement).toHaveAttribute('aria-expanded', 'false');
    await statement.focus();
    await page.keyboard.press('Enter');
    await expect(statement).toHaveAttribute('aria-expanded', 'true');
    const quotes = page.locator(`[id="${await statement.getAttribute('aria-controls')}"]`);
    await expect(quotes.locator('blockquote').first()).toBeVisible();
    await expect(quotes.getByRole('link').first()).toHaveAttribute('href', /^https:\/\/(pubmed\.ncbi\.nlm\.nih\.gov|doi\.org|clinicaltrials\.gov)\//);
    await expect(evidence).not.toContainText(/proven cure|97%/);
    await accessible(page);
    await page.keyboard.press('Space');
    await expect(statement).toHaveAttribute('aria-expanded', 'false');
    expect(patientConsole).toEqual([]);

    // Staff: each withheld claim with its reasons, under the answer.
    const admin = await (await browser.newContext()).newPage();
    const adminConsole = watchConsole(admin);
    await signIn(admin, 'admin');
    await admin.goto(`/admin/questions/${questionId}`);
    await expect(admin.getByText(DISCLAIMER)).toBeVisible();
    await admin.getByRole('button', { name: /Withheld statements \(staff only\)/ }).click();
    const withheld = admin.getByRole('list', { name: 'Withheld statements (staff only)' });
    await expect(withheld).toContainText('a proven cure');
    await expect(withheld).toContainText(/strong words: says .*"proven"/);
    await expect(withheld).toContainText(/numbers: "97%" is not in the quotes/);
    await accessible(admin);

    // The AI runs view: every claim of the run, the rules' results and the judge's verdict.
    await admin.goto('/admin/operations');
    await admin.getByRole('tab', { name: 'AI runs' }).click();
    const row = admin.getByRole('row').filter({ hasText: 'Does exercise help with fatigue' }).filter({ hasText: 'New question' }).first();
    await row.getByRole('button', { name: /expand row/i }).click();
    const claims = admin.getByRole('list', { name: 'Checked statements' }).first();
    await expect(claims).toContainText('Published');
    await expect(claims).toContainText(/Judge: Supported/);
    await expect(claims).toContainText('Withheld');
    await expect(claims).toContainText('a proven cure');
    await accessible(admin);
    expect(adminConsole).toEqual([]);
  });
});
