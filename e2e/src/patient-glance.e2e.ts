import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, signIn } from '../support/accounts';
import { expectFitsScreen, settle } from '../support/layout-checks';
import { expectAccessible, watchConsole } from '../support/pages';

// Texts of the contracts and the shared Q&A components, as the pages show them.
const SIMILAR_HEADING = 'Already answered and may be related: choose one to open it';
const GLANCE_HEADING = 'The sources at a glance';
const TABS = ['OpenAI O1', 'From Community', 'Expert Answers', 'Deep Research'];
const STATE = /Answered \(\d+ answers?\)|Working on it|Not yet answered/;

/**
 * A question with an expert answer (rated 4 by the patient), two community answers and a deep research answer, made
 * through the API. An admin creates it (shown as 'Anonymous'): it is someone else's question to the patient, who is
 * offered it instead of asking again.
 */
async function answeredQuestion(request: APIRequestContext, text: string): Promise<number> {
  const auth = async (role: 'patient' | 'expert' | 'admin') => ({ Authorization: `Bearer ${await apiToken(request, role)}` });
  const [patient, expert, admin] = [await auth('patient'), await auth('expert'), await auth('admin')];
  const asked = await request.post('/api/questions', { headers: admin, data: { question_text: text } });
  expect(asked.status()).toBe(201);
  const id = ((await asked.json()) as { id: number }).id;
  const add = async (headers: Record<string, string>, data: Record<string, unknown>) => {
    const res = await request.post(`/api/questions/${id}/answers`, { headers, data: { explanation_logic: 'Why.', sources: ['https://example.org/s'], ...data } });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const expertAnswer = await add(expert, { answer_text: 'Small trials suggest it may help; ask your care team.', search_method: 'PubMed' });
  await add(admin, { answer_type: 'quora', answer_text: 'It helped me a little.' });
  await add(admin, { answer_type: 'quora', answer_text: 'Not for me.' });
  await add(admin, { answer_type: 'deep_research', answer_text: 'A review of the evidence.' });
  expect((await request.put(`/api/answers/${expertAnswer}/rating`, { headers: patient, data: { rating: 4 } })).status()).toBe(200);
  return id;
}

/** axe on the page at rest (the pointer off every control, transitions finished). */
async function accessible(page: Page) {
  await page.mouse.move(2, 400);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await expectAccessible(page);
}

async function expectStrip(page: Page) {
  const strip = page.getByRole('region', { name: GLANCE_HEADING });
  await expect(strip).toBeVisible();
  await expect(strip.getByTestId('glance-expert')).toHaveText(/Expert AnswersAnswered \(1 answer\)Average rating 4\.0 \(1 rating\)/);
  await expect(strip.getByTestId('glance-quora')).toHaveText(/From CommunityAnswered \(2 answers\)No ratings yet/);
  await expect(strip.getByTestId('glance-deep_research')).toHaveText(/Deep ResearchAnswered \(1 answer\)/);
  // The AI answer may be queued, running or done by now (the e2e server's AI is a fake provider): a state in any case.
  await expect(strip.getByTestId('glance-ai')).toHaveText(STATE);
}

test.describe('a patient sees similar answered questions and every source at a glance', () => {
  test('typing a question offers similar answered questions; choosing one opens it, with the strip and all four tabs', { tag: '@phone' }, async ({ page, request }) => {
    test.setTimeout(180_000);
    const [w1, w2] = [`zq${Date.now().toString(36)}`, `zw${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'k')}`];
    const existing = `Does ${w1} tea help with ${w2} after chemotherapy?`;
    const id = await answeredQuestion(request, existing);
    const problems = watchConsole(page);

    await signIn(page, 'patient');
    await page.goto('/patient/questions');
    await page.getByRole('button', { name: 'Ask a new question' }).click();
    const ask = page.getByRole('dialog', { name: 'Ask a New Question' });
    const box = ask.getByRole('combobox', { name: 'Question' });
    await box.fill(`Is ${w1} tea good for ${w2}?`);
    const list = ask.getByRole('listbox', { name: SIMILAR_HEADING });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const option = list.getByRole('option').filter({ hasText: existing });
    await expect(option).toContainText('From Community 2');
    await expect(option).toContainText('Expert Answers 1');
    await expect(option).toContainText('Deep Research 1');
    await expect(ask.getByRole('status')).toHaveText(/answered questions? like this/);
    expect((await list.locator('xpath=..').boundingBox())!.height).toBeLessThanOrEqual(300);
    await accessible(page);
    // Each suggestion is a comfortable target (the page-wide check would also measure the dashboard behind the dialog's mask).
    for (const box of await Promise.all((await list.getByRole('option').all()).map((o) => o.boundingBox()))) {
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }

    // The keyboard: Arrow Down makes the first option active (ours ranks first: it holds the most words), Enter opens it.
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', (await list.getByRole('option').first().getAttribute('id'))!);
    await expect(list.getByRole('option').first()).toContainText(existing);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/patient/questions/${id}$`));
    await expect(page.getByRole('dialog', { name: 'Ask a New Question' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: existing })).toBeVisible();

    await expectStrip(page);
    for (const label of TABS) await expect(page.getByRole('tab', { name: new RegExp(`^${label} \\(\\d+\\)$`) })).toBeInViewport();
    // The feedback box opens only when the reader starts rating.
    await page.getByRole('tab', { name: 'From Community (2)' }).click();
    const card = page.getByRole('tabpanel').getByRole('article').first();
    await expect(card.getByLabel('Feedback')).toHaveCount(0);
    await card.getByRole('radio', { name: '3 stars: Acceptable' }).click();
    await expect(card.getByLabel('Feedback')).toBeVisible();
    await settle(page);
    await accessible(page);
    await expectFitsScreen(page, 'patient question page');
    expect(problems).toEqual([]);
  });

  test("the dashboard's search box offers the same list, and all four tabs are in view at 320 px", { tag: '@phone' }, async ({ page, request }) => {
    test.setTimeout(180_000);
    const w1 = `zs${Date.now().toString(36)}`;
    const existing = `Can ${w1} stretches ease neuropathy in my hands?`;
    const id = await answeredQuestion(request, existing);

    await page.setViewportSize({ width: 320, height: 640 });
    await signIn(page, 'patient');
    await page.goto('/patient/questions');
    const box = page.getByRole('combobox', { name: 'Search questions' });
    // A real match names the question's medical subject (issue 47): a made-up word alone is not one.
    await box.fill(`${w1} stretches for neuropathy`);
    const list = page.getByRole('listbox', { name: SIMILAR_HEADING });
    await expect(list.getByRole('option').filter({ hasText: existing })).toBeVisible();
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await list.getByRole('option').filter({ hasText: existing }).click();
    await expect(page).toHaveURL(new RegExp(`/patient/questions/${id}$`));

    await expectStrip(page);
    const tablist = page.getByRole('tablist', { name: 'Answers by source' });
    const tabs = tablist.getByRole('tab');
    await expect(tabs).toHaveCount(4);
    await tablist.scrollIntoViewIfNeeded();
    for (const [i, label] of TABS.entries()) {
      await expect(tabs.nth(i)).toHaveText(new RegExp(`^${label} \\(\\d+\\)$`));
      await expect(tabs.nth(i)).toBeInViewport({ ratio: 1 });
    }
    // Two rows of two: the third tab starts a row below the first.
    const [first, third] = [await tabs.nth(0).boundingBox(), await tabs.nth(2).boundingBox()];
    expect(third!.y).toBeGreaterThan(first!.y);
    await tabs.nth(0).focus();
    await page.keyboard.press('End');
    await expect(tabs.nth(3)).toBeFocused();
    await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
    await settle(page);
    await accessible(page);
    await expectFitsScreen(page, 'question page at 320 px');
  });
});
