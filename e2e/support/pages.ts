import { expect, type Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(__filename);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page (through the debugging protocol, so the page's own CSP still governs everything else)
 * and fails on any WCAG 2.1 A/AA violation, listing them.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
  expect(violations, 'axe-core violations').toEqual([]);
}

/**
 * Collects console errors and CSP violations for the life of the page. None is expected: a visitor without a session
 * gets a quiet 204 from the session restore at app start (POST /api/auth/refresh).
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    problems.push(msg.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Picks an option of an antd select from the keyboard: typing filters the list to the option, Enter takes it, and the
 * field must then show it. (A click on the option can miss while the list is still opening, and the open list then
 * covers the buttons below it.) `scope` is the page or the dialog the field is in.
 */
export async function chooseOption(scope: Page | Locator, label: string, option: string): Promise<void> {
  const page = 'keyboard' in scope ? scope : scope.page();
  const box = scope.getByLabel(label, { exact: true });
  await box.click();
  await box.fill(option);
  await expect(page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true })).toBeVisible();
  await box.press('Enter');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expect(box.locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText(option);
}

/** axe on the page at rest: the pointer off every control, finite animations (hover and loading colours) finished. */
export async function expectAccessibleAtRest(page: Page): Promise<void> {
  await page.mouse.move(2, 400);
  // axe mid-transition measures a colour no one sees at rest.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await expectAccessible(page);
}
