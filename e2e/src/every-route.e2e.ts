import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { routeTable, type RouteEntry } from '../../libs/web-core/src/routes/route-table';
import { ImportTexts } from '@cqa/contracts';
import { DEMO, DEMO_PASSWORD, signIn } from '../support/accounts';
import { expectFitsScreen, goInApp, keepScreenshot, settle } from '../support/layout-checks';

// Every route of the shell's route table, opened by every role that may open it, at the project's screen size (the
// desktop project and the phone projects run this file). Each page must fit the screen with its top bar intact, and
// leaves a screenshot under test-results/screens/<project>/ for review.

type Visitor = 'anonymous' | 'patient' | 'expert' | 'admin';
interface Ids { questionId: number; patientId: string; userId: string }

/** Which visitors open a route: public pages signed out, the others by each role the route admits. */
function visitorsOf(route: RouteEntry): Visitor[] {
  switch (route.access) {
    case 'public':
      return ['anonymous'];
    case 'patient':
    case 'expert':
    case 'admin':
      return [route.access];
    case 'expert-or-admin':
      return ['expert', 'admin'];
    case 'signed-in':
    case 'patient-own-or-staff':
      return ['patient', 'expert', 'admin'];
  }
}

/** A concrete address for a route pattern, with the seed's ids (the demo patient, a demo question with every kind of answer). */
function urlOf(route: RouteEntry, ids: Ids): string {
  if (route.path === '*') return '/no-such-page';
  return route.path
    .replace(':id', String(ids.questionId))
    .replace(':patientId', ids.patientId)
    .replace(':userId', ids.userId)
    .replace(':code', 'not-a-real-code');
}

const slug = (url: string) => url.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || 'home';

async function seedIds(request: APIRequestContext): Promise<Ids> {
  const login = await request.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD, role: 'admin' } });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await login.json()).accessToken}` };
  const { items } = await (await request.get('/api/questions', { headers })).json();
  const question = [...items].sort((a: { answers_count: number }, b: { answers_count: number }) => b.answers_count - a.answers_count)[0];
  const { users } = await (await request.get('/api/admin/patients-auth', { headers })).json();
  const patient = users.find((u: { email: string }) => u.email === DEMO.patient);
  return { questionId: question.id, patientId: String(patient.patient_id), userId: String(patient.id) };
}

/** On a phone: the menu button opens the links with the current page marked, and Escape closes it back onto the button. */
async function checkPhoneMenu(page: Page, current: string) {
  const button = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  if (!(await button.isVisible())) return;
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  await expect(page.locator(`#${await button.getAttribute('aria-controls')}`)).toBeVisible();
  await expect(nav.getByRole('link', { name: current, exact: true })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
}

/** The open tab's content is inside its tabpanel: a screen reader moving into the panel finds it. */
async function checkOpenPanels(page: Page, url: string) {
  for (const panel of await page.locator('[role="tabpanel"]:not([hidden]):not([aria-hidden="true"])').all()) {
    expect(((await panel.innerText()).trim() || (await panel.locator('table, form, img, [role]').count()) > 0), `a tab panel of ${url} is empty`).toBeTruthy();
  }
}

/** Pages whose tabs are views of their own: each tab is opened in turn, and its panel checked like the page. */
const pageTabs: Record<string, string[]> = {
  '/admin/users': ['Patients', 'Experts', ImportTexts.tabLabel],
  '/admin/operations': ['Sign-in log', 'Access log', 'AI runs', 'Research flags'],
};

const visitors: Visitor[] = ['anonymous', 'patient', 'expert', 'admin'];
const menuCurrent: Record<Visitor, [string, string]> = {
  anonymous: ['/disclaimers', 'Disclaimers'],
  patient: ['/patient/questions', 'Questions'],
  expert: ['/expert/questions', 'Questions'],
  admin: ['/admin/users', 'Admin'],
};

test.describe('every route fits the screen', () => {
  for (const visitor of visitors) {
    test(`${visitor}: every page this visitor may open`, async ({ page, request }, testInfo) => {
      test.setTimeout(180_000);
      const ids = await seedIds(request);
      if (visitor !== 'anonymous') await signIn(page, visitor);
      const [menuPage, menuLabel] = menuCurrent[visitor];
      await page.goto(menuPage);
      await settle(page);
      await checkPhoneMenu(page, menuLabel);

      const routes = routeTable.filter((route) => visitorsOf(route).includes(visitor));
      expect(routes.length).toBeGreaterThan(0);
      for (const route of routes) {
        const url = urlOf(route, ids);
        await test.step(url, async () => {
          await goInApp(page, url);
          await expect(page.locator('#root')).not.toBeEmpty();
          await settle(page);
          // A remote page that failed to load still fills #root (the error state with Retry), so check for it.
          await expect(page.getByRole('heading', { name: "This page couldn't load" })).toHaveCount(0);
          await expectFitsScreen(page, `${visitor} ${url}`);
          await checkOpenPanels(page, url);
          await keepScreenshot(page, testInfo, `${visitor}-${slug(url)}`);
          for (const name of pageTabs[route.path] ?? []) {
            // Found by its id: a tab focused from the keyboard adds its position ('Tab 1 of 3') to its name.
            const tab = page.locator(`[id="${await page.getByRole('tab', { name, exact: true }).getAttribute('id')}"]`);
            // By keyboard, as a screen-reader user would: focus scrolls a tab that overflowed on a phone into view.
            await tab.focus();
            await page.keyboard.press('Enter');
            await expect(tab).toHaveAttribute('aria-selected', 'true');
            await settle(page);
            await expectFitsScreen(page, `${visitor} ${url} (${name})`);
            await checkOpenPanels(page, `${url} (${name})`);
            await keepScreenshot(page, testInfo, `${visitor}-${slug(url)}-${slug(name)}`);
          }
        });
      }
    });
  }

  test('the route table has no route this walk leaves out', () => {
    const walked = new Set(visitors.flatMap((visitor) => routeTable.filter((route) => visitorsOf(route).includes(visitor))));
    expect(routeTable.filter((route) => !walked.has(route)).map((route) => route.path)).toEqual([]);
  });
});
