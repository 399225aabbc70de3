import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, leftLanding, openLogin, registerApprovedPatient } from '../support/accounts';
import { receivedMail } from '../support/mail';
import { chooseOption, expectAccessible, watchConsole } from '../support/pages';

// Texts of the contracts (NotificationTexts), as the pages show them.
const NEW_ANSWERS = 'New answers';
const UNSUBSCRIBE_PAGE = 'Unsubscribe from Cancer Q&A e-mails';
const UNSUBSCRIBED = 'You are unsubscribed. You will get no more notification e-mails. You can turn them on again in your account settings.';
const ANSWER_EMAILS_SWITCH = 'E-mail me when answers arrive on my questions';
const SUBJECT = /New answers to your question/;
/** ANSWER_MAIL_QUIET_SECONDS and MAIL_RELAY_INTERVAL_MS of the e2e run (support/run-id.ts), with room for a busy machine. */
const SETTLE_MS = 2_000 + 1_000 + 5_000;

async function expertAnswers(request: APIRequestContext, questionId: string, text: string): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email: DEMO.expert, password: DEMO_PASSWORD, role: 'expert' } });
  const headers = { Authorization: `Bearer ${(await login.json()).accessToken}` };
  const answered = await request.post(`/api/questions/${questionId}/answers`, {
    headers, data: { answer_text: text, explanation_logic: 'Trials show it.', sources: ['https://example.org/trial'], search_method: 'PubMed' },
  });
  expect(answered.status()).toBe(201);
}

/** The landing page's login form by its ids: the page may also hold the (hidden) registration form with the same labels. */
async function signInPatient(page: Page, email: string, password: string): Promise<void> {
  await openLogin(page, 'patient');
  await page.locator('#login-patient_email').fill(email);
  await page.locator('#login-patient_password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cancer Q&A' })).toHaveAttribute('href', '/patient/questions', { timeout: 20_000 });
  await leftLanding(page);
}

const answerMails = (email: string) => receivedMail().filter((m) => m.to.includes(email.toLowerCase()) && SUBJECT.test(m.subject));

/** axe on the page at rest (the pointer off every control, transitions finished). */
async function accessible(page: Page) {
  await page.mouse.move(2, 400);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await expectAccessible(page);
}

test.describe('answer e-mails', () => {
  test('a patient asks, an expert answers: one e-mail, the "New answers" mark, one-click unsubscribe and no more e-mail', { tag: '@phone' }, async ({ page, request }) => {
    test.setTimeout(180_000);
    const token = `zq${Date.now().toString(36)}`;
    const questionText = `Is gentle yoga ${token} safe during radiotherapy for breast cancer?`;
    const patient = await registerApprovedPatient(request, { label: 'answers', password: 'Answers-pass-1', firstName: 'Ana', lastName: 'Mail' });
    const problems = watchConsole(page);

    // The patient asks.
    await signInPatient(page, patient.email, patient.password);
    await page.goto('/patient/questions');
    await page.getByRole('button', { name: 'Ask a new question' }).click();
    const ask = page.getByRole('dialog', { name: 'Ask a New Question' });
    // The text box (the dialog's suggestion list is labelled 'Question' too).
    await ask.locator('textarea').first().fill(questionText);
    await chooseOption(ask, 'Cancer type', 'Breast Cancer');
    await ask.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/patient\/questions\/\d+$/);
    const questionId = page.url().split('/').pop() as string;
    // The question's page shows new answers as they come (opening it is seeing them): the patient leaves it.
    await page.goto('/patient/questions');
    await expect(page.getByRole('heading', { level: 1, name: 'Patients Dashboard' })).toBeVisible();

    // An expert answers: one e-mail, naming the kind and the question, never the answer.
    await expertAnswers(request, questionId, `Gentle movement ${token} SECRET-ANSWER-TEXT is usually fine.`);
    await expect.poll(() => answerMails(patient.email).length, { message: 'the answer e-mail', timeout: 30_000 }).toBe(1);
    await page.waitForTimeout(SETTLE_MS);
    const mails = answerMails(patient.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.text).toContain('Your question received an expert answer.');
    expect(mail.text).toContain(`/patient/questions/${questionId}`);
    expect(mail.text).not.toContain('SECRET-ANSWER-TEXT');
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = /^<(.+)>$/.exec(mail.listUnsubscribe ?? '')?.[1];
    expect(unsubscribeUrl).toMatch(/\/api\/unsubscribe\/[A-Za-z0-9_-]{43}$/);

    // The list marks the question and the top bar counts it, until the patient opens it.
    await page.goto('/patient/questions');
    const topBarLink = page.getByRole('banner').getByRole('link', { name: 'New answers: 1 question' });
    await expect(topBarLink).toBeVisible();
    // The newest question: first on the list's first page.
    const item = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('link', { name: new RegExp(token) }) });
    await expect(item.getByText(NEW_ANSWERS, { exact: true })).toBeVisible();
    await accessible(page);
    await item.getByRole('link', { name: new RegExp(token) }).click();
    await expect(page.getByRole('heading', { level: 1, name: questionText })).toBeVisible();
    await page.goBack();
    await expect(item).toBeVisible();
    await expect(item.getByText(NEW_ANSWERS, { exact: true })).toHaveCount(0);
    await expect(topBarLink).toHaveCount(0);

    // The e-mail's link, opened in a browser without the app's session: a page that asks, then one click.
    const visitor = await (await page.context().browser()!.newContext()).newPage();
    await visitor.goto(unsubscribeUrl!);
    await expect(visitor.getByRole('heading', { level: 1, name: UNSUBSCRIBE_PAGE })).toBeVisible();
    await accessible(visitor);
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(visitor.getByRole('status')).toHaveText(UNSUBSCRIBED);
    await accessible(visitor);
    await visitor.context().close();

    // The account's settings show the e-mails off.
    await page.goto('/account/security');
    await expect(page.getByRole('switch', { name: ANSWER_EMAILS_SWITCH })).not.toBeChecked();
    await accessible(page);

    // Another answer: marked in the app, and no more e-mail.
    await expertAnswers(request, questionId, `Stop if it hurts ${token}.`);
    await page.goto('/patient/questions');
    await expect(page.getByRole('banner').getByRole('link', { name: 'New answers: 1 question' })).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);
    expect(answerMails(patient.email)).toHaveLength(1);
    expect(problems).toEqual([]);
  });
});
