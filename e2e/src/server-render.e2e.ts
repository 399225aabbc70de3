import { expect, test, type PlaywrightWorkerArgs } from '@playwright/test';
import { apiToken, signIn } from '../support/accounts';
import { expectAccessible, watchConsole } from '../support/pages';

/** The page's HTML as a browser's top-level navigation asks for it (the page server renders only for those: issue 42, F-36). */
const NAVIGATION = { headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-origin', accept: 'text/html' } };

// Issue #35: the signed-in pages arrive as HTML with their first data (the API's page server, apps/api/src/web/page-server.ts,
// and the web build's renderer, apps/shell/src/server), and the app hydrates them from the page's state block.

const STATE = /<script type="application\/json" id="cqa-page-state">(.*?)<\/script>/;
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.search(STATE));

/** Asks through the API in a context of its own (a sign-in there sets cookies that the browser must not get). */
async function ask(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined, role: 'patient' | 'admin', text: string): Promise<number> {
  const request = await playwright.request.newContext({ baseURL });
  const token = await apiToken(request, role);
  const asked = await request.post('/api/questions', { headers: { Authorization: `Bearer ${token}` }, data: { question_text: text, cancer_type: 'Lung Cancer' } });
  expect(asked.status()).toBe(201);
  const { id } = (await asked.json()) as { id: number };
  await request.dispose();
  return id;
}

test.describe('server-rendered signed-in pages @phone', () => {
  test('a patient’s dashboard and question page come with their data in the HTML; another’s question as the API shows it to them', async ({ page, playwright, baseURL }) => {
    test.setTimeout(90_000);
    const mine = `Server-rendered question ${Date.now()}: what about fatigue?`;
    const myId = await ask(playwright, baseURL, 'patient', mine);
    const notMine = `A question the patient does not own ${Date.now()}`;
    const otherId = await ask(playwright, baseURL, 'admin', notMine);
    await signIn(page, 'patient');

    // page.request shares the browser's cookies: the refresh cookie (path /) goes with a page request.
    const dashboard = await page.request.get('/patient/questions', NAVIGATION);
    expect(dashboard.headers()['cache-control']).toBe('no-store');
    expect(dashboard.headers()['vary']).toMatch(/cookie/i);
    const dashboardHtml = await dashboard.text();
    expect(rootOf(dashboardHtml)).toContain('Patients Dashboard');
    expect(rootOf(dashboardHtml)).toContain(mine);
    expect(dashboardHtml).toMatch(/<link rel="stylesheet" href="\/assets\/antd\.[0-9a-f]+\.css"/);
    // Issue 43 item 3: the frame (top bar and loading state) comes right after the head, before the page.
    const frameAt = dashboardHtml.indexOf('<div id="cqa-frame" aria-hidden="true" inert>');
    expect(frameAt).toBeGreaterThan(dashboardHtml.indexOf('</head>'));
    expect(frameAt).toBeLessThan(dashboardHtml.indexOf('<div id="root">'));
    expect(dashboardHtml.slice(frameAt, dashboardHtml.indexOf('<div id="root">'))).toContain('cqa-page-pending');

    const question = await page.request.get(`/patient/questions/${myId}`, NAVIGATION);
    expect(rootOf(await question.text())).toContain(mine);

    // Someone else's question: the page holds exactly what the API answers this patient (no patient_id, the asker's).
    type Query = { status: string; data?: Record<string, unknown>; error?: { status: number } };
    const detailOf = (html: string) => {
      const state = JSON.parse(STATE.exec(html)![1]!) as { session: { accessToken: string }; api: { queries: Record<string, Query> } };
      return { token: state.session.accessToken, detail: Object.entries(state.api.queries).find(([key]) => key.startsWith('question('))![1] };
    };
    const other = detailOf(await (await page.request.get(`/patient/questions/${otherId}`, NAVIGATION)).text());
    const asApi = await page.request.get(`/api/questions/${otherId}`, { headers: { Authorization: `Bearer ${other.token}` } });
    expect(other.detail.status).toBe('fulfilled');
    expect(other.detail.data).toEqual(await asApi.json());
    expect(other.detail.data).not.toHaveProperty('patient_id');

    // A question that does not exist: the API's 404, and no data.
    const missingHtml = await (await page.request.get('/patient/questions/987654321', NAVIGATION)).text();
    const missing = detailOf(missingHtml).detail;
    expect(missing.status).toBe('rejected');
    expect(missing.error!.status).toBe(404);
    expect(missing.data).toBeUndefined();
    expect(rootOf(missingHtml)).not.toContain(mine);
  });

  test('the browser takes the rendered page over without drawing it again or asking for the session or the list', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'patient');
    const problems = watchConsole(page);
    const calls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/auth/refresh' || path === '/api/questions') calls.push(path);
    });
    // The scripts are held back until the rendered page is marked: a node React drew afresh would lose the mark.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/patient/questions', { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: 'Patients Dashboard' });
    await expect(heading).toBeVisible();
    await heading.evaluate((h1) => h1.setAttribute('data-server-drawn', 'yes'));
    release();
    // Hydrated: the Ask button opens its dialog.
    // (The dialog's code arrives on the first click: a click made while it loads would land on the open dialog's mask.)
    await expect(async () => {
      if (!(await page.getByRole('dialog').isVisible())) await page.getByRole('button', { name: 'Ask a new question' }).click({ timeout: 1000 });
      await expect(page.getByRole('dialog')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Patients Dashboard' })).toHaveAttribute('data-server-drawn', 'yes');
    await expect(page.locator('#cqa-frame')).toHaveCount(0);
    expect(calls).toEqual([]);
    expect(problems).toEqual([]);
    await page.keyboard.press('Escape');
    // Checked once the dialog has gone: a dialog fading out fails the contrast check half-way.
    await expect(page.getByRole('dialog')).toBeHidden();
    await expectAccessible(page);
  });

  test('a question page keeps its server-drawn answer while the markdown renderer arrives, and takes it over in place', async ({ page, playwright, baseURL }) => {
    test.setTimeout(90_000);
    const id = await ask(playwright, baseURL, 'patient', `Hydrated question ${Date.now()}: does rest help?`);
    const request = await playwright.request.newContext({ baseURL });
    const admin = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
    const answered = await request.post(`/api/questions/${id}/answers`, { headers: admin, data: { answer_type: 'ai', answer_text: '**Rest** helps.\n\n- walk daily' } });
    expect(answered.status()).toBe(201);
    // The question's own AI run (which this run's literature fixture fails) has ended before the page loads, so the page
    // arrives with its failure Alert, whose styles must be in the stylesheet already (the answers do not move).
    await expect.poll(async () => {
      const run = await request.get(`/api/questions/${id}/ai-run`, { headers: admin });
      return run.status() === 200 ? ((await run.json()) as { run: { status: string } | null }).run?.status ?? 'none' : `http ${run.status()}`;
    }, { timeout: 60_000 }).toBe('failed');
    await request.dispose();
    await signIn(page, 'patient');
    const problems = watchConsole(page);
    const calls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      // The page's first data (the question and its AI run) came with it.
      if (path === '/api/auth/refresh' || path === `/api/questions/${id}` || path === `/api/questions/${id}/ai-run`) calls.push(path);
    });
    // Layout shifts of the answers (a node inside the open tab panel among a shift's sources), without the reader's input.
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        type Shift = { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
        for (const entry of list.getEntries() as unknown as Shift[]) {
          const inAnswers = (entry.sources ?? []).some(({ node }) => (node instanceof Element ? node : node?.parentElement)?.closest('[role="tabpanel"]'));
          if (!entry.hadRecentInput && inAnswers) w.shifted += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    const renderer = page.waitForResponse(/\/markdown\.[0-9a-f]+\.js$/);
    await page.goto(`/patient/questions/${id}`, { waitUntil: 'commit' });
    const bold = page.locator('.cqa-markdown strong', { hasText: 'Rest' });
    await expect(bold).toBeVisible();
    await bold.evaluate((node) => node.setAttribute('data-server-drawn', 'yes'));
    release();
    // The renderer is a chunk of its own, fetched as the page hydrates; React then takes the server's markup over (the
    // node gains React's fiber key) instead of drawing it again, so the mark stays.
    await renderer;
    await expect
      .poll(() => bold.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))), { timeout: 30_000 })
      .toBe(true);
    await expect(bold).toHaveAttribute('data-server-drawn', 'yes');
    const shifted = await page.evaluate(() => (window as unknown as { shifted: number }).shifted);
    // Hydrated: the tabs switch.
    await page.getByRole('tab', { name: /From Community/ }).click();
    await expect(page).toHaveURL(/tab=quora/);
    await page.getByRole('tab', { name: /OpenAI O1/ }).click();
    await expect(page.locator('.cqa-markdown strong', { hasText: 'Rest' })).toBeVisible();
    expect(calls).toEqual([]);
    expect(problems).toEqual([]);
    // The answers did not move while the page was taken over.
    expect(shifted).toBe(0);
  });

  test('the expert and admin dashboards arrive rendered', async ({ browser }) => {
    test.setTimeout(90_000);
    for (const [role, path, title] of [['expert', '/expert/questions', 'Expert Dashboard'], ['admin', '/admin', 'Admin Dashboard']] as const) {
      const page = await (await browser.newContext()).newPage();
      await signIn(page, role);
      const html = await (await page.request.get(path, NAVIGATION)).text();
      expect(rootOf(html)).toContain(title);
      expect(rootOf(html)).toContain('cqa-stat-tiles');
      await page.context().close();
    }
  });

  test('without a session cookie a signed-in page is the plain app', async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const res = await anonymous.get('/patient/questions', NAVIGATION);
    const html = await res.text();
    expect(res.status()).toBe(200);
    expect(html).toMatch(/<div id="?root"?><\/div>/);
    expect(html).not.toMatch(STATE);
    await anonymous.dispose();
  });
});
