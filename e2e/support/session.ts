import { expect, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@cqa/contracts';
import { DEMO } from './accounts';

/** Signs in as the demo admin through the API and takes the Bull Board pass, then opens /admin/queues. */
export async function openQueues(page: Page): Promise<void> {
  const login = await page.request.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD, role: 'admin' } });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const pass = await page.request.post('/api/admin/queues-session', { headers: { authorization: `Bearer ${accessToken}` } });
  expect(pass.status()).toBe(204);
  await page.goto('/admin/queues');
}
