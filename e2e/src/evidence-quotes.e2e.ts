import { expect, test, type APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signIn } from '../support/accounts';
import { chooseOption, expectAccessible, watchConsole } from '../support/pages';

// Texts of the contracts (AI_ANSWER_DISCLAIMER, AiUiTexts), quoted.
const DISCLAIMER = 'AI-generated from the cited literature; not medical advice.';
const EVIDENCE = 'The evidence behind each statement';
/** The question the hand-made literature fixtures hold (tools/literature-fixtures). */
const QUESTION = 'Does exercise help with fatigue during chemotherapy?';

/** The fake AI provider of this run (e2e/support/serve.mjs writes its address). */
const fakeAiBase = () => readFileSync(path.join(tmpdir(), `cqa_e2e_fake_ai_${process.env.E2E_RUN_ID}.url`), 'utf8').trim().replace(/\/v1$/, '');
const setFault = (request: APIRequestContext, data: object | null) =>
  data ? request.post(`${fakeAiBase()}/__faults`, { data }) : request.delete(`${fakeAiBase()}/__faults`);

// The fake's faults are global to the run's one fake server; the journeys run one at a time (workers: 1), and the fault
// is lifted after this one whatever happens, so no other journey's answer is touched.
test.describe('Evidence without repeats', () => {
  test.afterEach(async ({ request }) => {
    expect((await setFault(request, null)).ok()).toBe(true);
  });

  test('a model that quotes the same passage twice: each statement shows each distinct quote once and counts it once', { tag: '@phone' }, async ({ page, request }) => {
    test.setTimeout(180_000);
    const consoleProblems = watchConsole(page);
    // Every claim of the answer carries its verbatim quote twice: the same record, the same words (once respaced).
    // No `times`: a retry of the answer gets the repeats too; afterEach lifts it.
    expect((await setFault(request, { fault: 'repeat_quotes', schema: 'cited_answer' })).ok()).toBe(true);

    await signIn(page, 'patient');
    await page.goto('/patient/questions');
    await page.getByRole('button', { name: 'Ask a new question' }).click();
    const ask = page.getByRole('dialog', { name: 'Ask a New Question' });
    await expect(ask.getByLabel('Question')).toBeVisible();
    await ask.getByLabel('Question').fill(QUESTION);
    await chooseOption(ask, 'Cancer type', 'Breast Cancer');
    await ask.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/patient\/questions\/\d+$/);

    await expect(page.getByText(DISCLAIMER)).toBeVisible({ timeout: 60_000 });
    const stats = (await (await request.get(`${fakeAiBase()}/__stats`)).json()) as { requests: Array<{ schema: string; fault: string | null }> };
    // The answer shown was written with the repeats.
    expect(stats.requests.filter((r) => r.schema === 'cited_answer').at(-1)?.fault).toBe('repeat_quotes');

    const evidence = page.getByRole('list', { name: EVIDENCE });
    const statements = evidence.getByRole('button');
    await expect(statements.first()).toBeVisible();
    const count = await statements.count();
    for (let i = 0; i < count; i++) {
      const statement = statements.nth(i);
      // Each fake claim quotes one passage of one record: one distinct quote, however often the model repeated it.
      await expect(statement).toContainText('(1 quote)');
      await statement.click();
      await expect(statement).toHaveAttribute('aria-expanded', 'true');
      const quotes = page.locator(`[id="${await statement.getAttribute('aria-controls')}"]`).locator('blockquote');
      await expect(quotes).toHaveCount(1);
      const texts = (await quotes.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
      expect(new Set(texts).size, `distinct quotes of statement ${i + 1}`).toBe(texts.length);
    }
    await expect(evidence).not.toContainText(/\d+ quotes/);
    await page.mouse.move(2, 400);
    await expectAccessible(page);
    expect(consoleProblems).toEqual([]);
  });
});
