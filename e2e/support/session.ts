import { expect, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, Role } from '@cqa/contracts';

export const demoAccount = (role: Role) => DEMO_ACCOUNTS.find((a) => a.role === role)!;

/**
 * Signs the page's browser context in as a demo account through the API: the refresh cookie lands in the context,
 * and the shell restores the session from it on the next page load, as it does after a reload.
 */
export async function signInAs(page: Page, role: Role): Promise<string> {
  const account = demoAccount(role);
  const res = await page.request.post('/api/auth/login', { data: { email: account.email, password: DEMO_PASSWORD, role } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Signs in as the demo admin and takes the Bull Board pass, so the browser may open /admin/queues. */
export async function openQueues(page: Page): Promise<void> {
  const token = await signInAs(page, 'admin');
  const res = await page.request.post('/api/admin/queues-session', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(204);
  await page.goto('/admin/queues');
}
