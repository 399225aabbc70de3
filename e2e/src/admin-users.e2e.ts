import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { ImportTexts, Messages, QuestionPaths } from '@cqa/contracts';
import { apiToken, EXPERT_CREDENTIALS, openLogin, signIn, submitLogin } from '../support/accounts';
import { linkFromMail } from '../support/mail';
import { expectAccessible } from '../support/pages';

// Remote pages load their chunks on first visit; allow for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const unique = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.test`;
const PASSWORD = 'Blocking-pass-1';

/** A new approved, verified expert (never a demo account: blocking one would break the other journeys if this one failed). */
async function approvedExpert(request: APIRequestContext, adminToken: string): Promise<{ email: string; name: string }> {
  const email = unique('blockme');
  const firstName = `Bex${Date.now().toString(36)}`;
  const registered = await request.post('/api/auth/register', {
    data: { email, password: PASSWORD, role: 'expert', first_name: firstName, last_name: 'Blocked', agreeToTerms: true, ...EXPERT_CREDENTIALS },
  });
  expect(registered.status()).toBe(201);
  const link = await linkFromMail(email, /Verify your email/, /http:\/\/\S+\/verify-email\/\S+/);
  const code = link.split('/verify-email/')[1]!;
  expect((await request.get(`/api/auth/verify-email/${code}`)).status()).toBe(200);
  const headers = { authorization: `Bearer ${adminToken}` };
  const { users } = await (await request.get('/api/admin/experts-auth', { headers })).json();
  const id = users.find((u: { email: string }) => u.email === email).id;
  expect((await request.post(`/api/user-approval/${id}`, { headers, data: { approval_status: 'approved' } })).status()).toBe(200);
  return { email, name: `${firstName} Blocked` };
}

test.describe('user management', () => {
  test('an admin blocks an expert (their session ends at once) and unblocks them; the list shows the last sign-in', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const expert = await approvedExpert(request, await apiToken(request, 'admin'));

    const expertContext = await browser.newContext();
    const expertPage = await expertContext.newPage();
    await openLogin(expertPage, 'expert');
    await submitLogin(expertPage, expert.email, PASSWORD);
    await expect(expertPage.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    await signIn(page, 'admin');
    await page.goto('/admin/users');
    await page.getByRole('tab', { name: 'Experts' }).click();
    const row = page.getByRole('row').filter({ hasText: expert.email });
    await expect(row).toContainText('Active');
    // The professional details given at registration, licence number included (admins only; issue 44 item 7).
    for (const detail of Object.values(EXPERT_CREDENTIALS)) await expect(row).toContainText(detail);
    await expect(row).not.toContainText('Never');
    await expectAccessible(page);

    await row.getByRole('button', { name: `Block ${expert.name}` }).click();
    await expect(page.getByText(Messages.success.userStatusChanged('blocked'))).toBeVisible();
    await expect(page.getByText('User blocked successfully!')).toBeVisible();
    // The status tag, not the expert's last name ('Blocked'):
    await expect(row.getByText('Blocked', { exact: true })).toBeVisible();

    // The expert's open session ends: the next load cannot restore it, and signing in again is refused.
    await expertPage.reload();
    await expect(expertPage.getByText(Messages.errors.unableToAccess)).toBeVisible();
    await expect(expertPage.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    await openLogin(expertPage, 'expert');
    await submitLogin(expertPage, expert.email, PASSWORD);
    await expect(expertPage.getByRole('main').getByRole('alert')).toHaveText(Messages.errors.unableToLogin);

    await row.getByRole('button', { name: `Unblock ${expert.name}` }).click();
    await expect(page.getByText('User unblocked successfully!')).toBeVisible();
    await expect(row.getByText('Blocked', { exact: true })).toHaveCount(0);
    await openLogin(expertPage, 'expert');
    await submitLogin(expertPage, expert.email, PASSWORD);
    await expect(expertPage.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expertContext.close();
  });
});

test.describe('operations', () => {
  test("an admin's own views are on the Operations page, each tab's content in its panel; User Management keeps the spec's three tabs", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'admin');
    await page.goto('/admin/users');
    await expect(page.getByRole('tab')).toHaveText(['Patients', 'Experts', ImportTexts.tabLabel]);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Operations' }).click();
    await expect(page).toHaveURL(/\/admin\/operations$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Operations');
    await expect(page.getByRole('tab')).toHaveText(['Sign-in log', 'Access log', 'AI runs', 'Research flags']);
    const panel = page.locator('[role="tabpanel"]:not([hidden]):not([aria-hidden="true"])');
    await expect(panel.getByRole('table')).toBeVisible();
    // The admin's own sign-in just now is in the log.
    await expect(panel.getByRole('row').filter({ hasText: 'Signed in' }).first()).toBeVisible();
    await expectAccessible(page);
    for (const name of ['Access log', 'AI runs', 'Research flags']) {
      await page.getByRole('tab', { name, exact: true }).click();
      await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(panel).toHaveCount(1);
      await expect(panel.getByRole('table')).toBeVisible();
      await expectAccessible(page);
    }
  });
});

test.describe('ratings by role', () => {
  test("everyone sees each role's average and count and experts' feedback on an AI answer; only admins see patients' feedback", async ({ page, request }) => {
    test.setTimeout(90_000);
    const [patient, expert, admin] = [await apiToken(request, 'patient'), await apiToken(request, 'expert'), await apiToken(request, 'admin')];
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const asked = await request.post(QuestionPaths.list, { headers: as(patient), data: { question_text: `Does walking help with fatigue during chemo? ${Date.now()}` } });
    expect(asked.status()).toBe(201);
    const { id } = await asked.json();
    const answered = await request.post(QuestionPaths.answers(id), { headers: as(admin), data: { answer_type: 'ai', answer_text: 'Light exercise often helps.' } });
    const answerId = (await answered.json()).id;
    const expertFeedback = `Sound advice; cite the 2024 trial. ${Date.now()}`;
    const patientFeedback = `Private patient note ${Date.now()}`;
    expect((await request.put(QuestionPaths.rating(answerId), { headers: as(expert), data: { rating: 4, feedback: expertFeedback } })).status()).toBe(200);
    expect((await request.put(QuestionPaths.rating(answerId), { headers: as(patient), data: { rating: 2, feedback: patientFeedback } })).status()).toBe(200);

    await signIn(page, 'patient');
    await page.goto(`/patient/questions/${id}`);
    const card = page.getByRole('article').filter({ hasText: 'Light exercise often helps.' });
    await expect(card.getByTestId('role-rating-expert')).toHaveText('Experts: 4.0 (1 rating)');
    await expect(card.getByTestId('role-rating-patient')).toHaveText('Patients: 2.0 (1 rating)');
    await expect(card.getByTestId('answer-feedback')).toContainText(expertFeedback);
    await expect(card.getByTestId('answer-feedback')).toContainText('Expert feedback by');
    // Their own feedback is still in their rating form; it is never in the public feedback list.
    await expect(card.getByTestId('answer-feedback')).not.toContainText(patientFeedback);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await signIn(page, 'admin');
    await page.goto(`/admin/questions/${id}`);
    const adminCard = page.getByRole('article').filter({ hasText: 'Light exercise often helps.' });
    await expect(adminCard.getByTestId('role-rating-expert')).toHaveText('Experts: 4.0 (1 rating)');
    await expect(adminCard.getByTestId('answer-feedback')).toContainText(patientFeedback);
    await expect(adminCard.getByTestId('answer-feedback')).toContainText(expertFeedback);
  });
});
