import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, signIn } from '../support/accounts';
import { keepScreenshot } from '../support/layout-checks';
import { expectAccessibleAtRest, watchConsole } from '../support/pages';

// Texts of the shared Q&A components, as the pages show them.
const SIMILAR_HEADING = 'Already answered and may be related: choose one to open it';
const NO_MATCH = 'No answered questions like this yet';
const NAUSEA = 'What can I do about nausea from chemotherapy';

/** Letters only, new each run: marks this run's questions (read, at most, as a rare word; never shared with a typed question). */
const runTag = () => `zn${Math.random().toString(36).slice(2, 10).replace(/\d/g, 'x')}`;

/** An answered question made through the API: an admin asks it (someone else's question to the patient), an expert answers. */
async function answeredQuestion(request: APIRequestContext, text: string): Promise<number> {
  const [admin, expert] = [`Bearer ${await apiToken(request, 'admin')}`, `Bearer ${await apiToken(request, 'expert')}`];
  const asked = await request.post('/api/questions', { headers: { Authorization: admin }, data: { question_text: text } });
  expect(asked.status()).toBe(201);
  const id = ((await asked.json()) as { id: number }).id;
  const answer = await request.post(`/api/questions/${id}/answers`, {
    headers: { Authorization: expert },
    data: { answer_text: 'Ask your care team; small trials suggest it may help.', explanation_logic: 'Why.', sources: ['https://example.org/s'], search_method: 'PubMed' },
  });
  expect(answer.status()).toBe(201);
  return id;
}

/** The ask dialog on the patient's questions page, at the size the issue names for a phone (390 × 844). */
async function openAskDialog(page: Page) {
  if (test.info().project.use.isMobile) await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'patient');
  await page.goto('/patient/questions');
  await page.getByRole('button', { name: 'Ask a new question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask a New Question' });
  return { dialog, box: dialog.getByRole('combobox', { name: 'Question' }) };
}

test.describe('what a patient notices: similar questions that are similar', () => {
  test('typing the nausea question offers the nausea questions only, with the cancer type and Submit in view', { tag: '@phone' }, async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const tag = runTag();
    const related = `Does ginger help with nausea after chemotherapy (${tag})?`;
    const unrelated = [
      `Can yoga help with anxiety during chemotherapy (${tag})?`,
      `Is it safe to travel by plane during radiotherapy and chemotherapy (${tag})?`,
      `Should I try fasting before my chemotherapy sessions (${tag})?`,
    ];
    for (const text of [...unrelated, related]) await answeredQuestion(request, text);
    const problems = watchConsole(page);

    const { dialog, box } = await openAskDialog(page);
    await box.fill(NAUSEA);
    const list = dialog.getByRole('listbox', { name: SIMILAR_HEADING });
    await expect(list.getByRole('option').filter({ hasText: related })).toBeVisible();
    for (const text of unrelated) await expect(list.getByRole('option').filter({ hasText: text })).toHaveCount(0);
    // Every suggestion shares the question's topic, not only the word 'chemotherapy'.
    for (const option of await list.getByRole('option').all()) await expect(option).toContainText(/nausea|vomit/i);
    expect(await list.getByRole('option').count()).toBeLessThanOrEqual(3);

    // The box never pushes the rest of the form below the fold.
    await expect(dialog.getByRole('combobox', { name: 'Cancer type' })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Submit' })).toBeInViewport({ ratio: 1 });
    await keepScreenshot(page, testInfo, 'ask-nausea-similar');
    await expectAccessibleAtRest(page);
    expect(problems).toEqual([]);
  });

  test('a question with no related one shows no box at all', { tag: '@phone' }, async ({ page, request }) => {
    test.setTimeout(120_000);
    await answeredQuestion(request, `Can yoga help with anxiety during chemotherapy (${runTag()})?`);
    const problems = watchConsole(page);

    const { dialog, box } = await openAskDialog(page);
    await box.fill('How do I talk to my family about chemotherapy?');
    await expect(dialog.getByRole('status')).toHaveText(NO_MATCH);
    await expect(dialog.getByRole('listbox')).toHaveCount(0);
    await expect(dialog.getByTestId('similar-questions-popup')).toHaveCount(0);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog.getByRole('button', { name: 'Submit' })).toBeInViewport({ ratio: 1 });
    await expectAccessibleAtRest(page);
    expect(problems).toEqual([]);
  });
});
