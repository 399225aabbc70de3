import { expect, test } from '@playwright/test';
import { apiToken, signIn } from '../support/accounts';
import { expectAccessible, watchConsole } from '../support/pages';

const REMOTES = [
  { name: 'patient', path: '/patient/questions', title: 'Patients Dashboard' },
  { name: 'expert', path: '/expert/questions', title: 'Expert Dashboard' },
  { name: 'admin', path: '/admin/questions', title: 'Admin Dashboard' },
] as const;

test.describe('the shell', () => {
  test('shows the landing page with the signed-out top bar and footer', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Cancer Q&A' })).toHaveAttribute('href', '/');
    await expect(banner.getByRole('link', { name: 'Disclaimers' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Admin' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
    await expect(page.getByText(/AI-powered network of top cancer researchers/i)).toBeVisible();
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });

  test('shows the landing page for an unknown path', async ({ page }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(200);
    await expect(page.getByText(/AI-powered network of top cancer researchers/i)).toBeVisible();
  });

  test('lists the disclaimers with a Back link to /', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Disclaimers' }).click();
    await expect(page).toHaveURL(/\/disclaimers$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

// Routes are guarded: each remote is opened by a signed-in demo account of its role (the seed creates them).
test.describe('the remotes', () => {
  for (const remote of REMOTES) {
    test(`${remote.path} loads the ${remote.name} remote and shows '${remote.title}'`, async ({ page }) => {
      await signIn(page, remote.name);
      // Let the sign-in's own page finish loading its remote before counting remote loads.
      await page.waitForLoadState('networkidle');
      const problems = watchConsole(page);
      const entries: string[] = [];
      page.on('request', (req) => { if (req.url().includes('/remoteEntry.js')) entries.push(new URL(req.url()).pathname); });
      await page.goto(remote.path);
      await expect(page.getByRole('heading', { level: 1, name: remote.title })).toBeVisible();
      // Only this remote is fetched (Chromium may fetch its entry twice around the sign-in's navigation).
      expect([...new Set(entries)]).toEqual([`/remotes/${remote.name}/remoteEntry.js`]);
      await expectAccessible(page);
      expect(problems).toEqual([]);
    });
  }

  test('a remote that fails to load shows an error with a Retry that recovers', async ({ page }) => {
    await signIn(page, 'expert');
    let fail = true;
    await page.route('**/remotes/expert/remoteEntry.js*', (route) => (fail ? route.abort() : route.continue()));
    await page.goto('/expert/questions');
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/couldn.t load/i);
    await expectAccessible(page);
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Expert Dashboard' })).toBeVisible();
  });

  test('navigating inside the shell loads a remote on demand', async ({ page }) => {
    const entries: string[] = [];
    page.on('request', (req) => { if (req.url().includes('/remoteEntry.js')) entries.push(new URL(req.url()).pathname); });
    await page.goto('/');
    expect(entries).toEqual([]);
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

test.describe('the platform behind the web', () => {
  test('reports MySQL and Redis up at /api/health', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.info).toMatchObject({ database: { status: 'up' }, redis: { status: 'up' } });
  });

  test('a job makes the round trip: API → queue → worker → API', async ({ request }) => {
    expect((await request.post('/api/diagnostics/self-check', { data: {} })).status()).toBe(401);
    const headers = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
    const accepted = await request.post('/api/diagnostics/self-check', { data: {}, headers });
    expect(accepted.status()).toBe(202);
    const { id } = await accepted.json();
    await expect.poll(async () => (await (await request.get(`/api/diagnostics/self-check/${id}`, { headers })).json()).state, { timeout: 15_000 }).toBe('completed');
    const done = await (await request.get(`/api/diagnostics/self-check/${id}`, { headers })).json();
    expect(done.result.database).toBe('up');
  });

  test('Bull Board at /admin/queues is closed to anonymous visitors', async ({ request }) => {
    const res = await request.get('/admin/queues');
    expect(res.status()).toBe(401);
  });

  test('Bull Board at /admin/queues opens from the admin top bar and shows the system queue', async ({ page }) => {
    await signIn(page, 'admin');
    await page.getByRole('banner').getByRole('button', { name: 'Job queues' }).click();
    await expect(page).toHaveURL(/\/admin\/queues/);
    await expect(page.getByText('system', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  });

  test('serves the OpenAPI document and its UI', async ({ page, request }) => {
    const doc = await (await request.get('/api/docs-json')).json();
    expect(doc.info.title).toBe('Cancer Q&A API');
    await page.goto('/api/docs');
    await expect(page.getByText('Cancer Q&A API').first()).toBeVisible();
  });
});
