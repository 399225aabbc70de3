import { expect, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Opens an address inside the running app, as its own links do (react-router follows the history), so the walk does
 * not reload the shell and its remotes for every page.
 */
export async function goInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, url);
}

/** Waits until the page has loaded its remote and data: network quiet, no spinner, no running animation. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // Best effort: a page may keep a small spinner (a polling progress) and is measured all the same.
  // (A plain wait, not expect: Playwright reports a failed expect even when it is caught.)
  await page
    .waitForFunction(
      () =>
        !Array.from(document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active')).some((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && box.height > 0;
        }),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

interface LayoutReport {
  innerWidth: number;
  scrollWidth: number;
  /** The outermost elements that reach past the right edge, when the page scrolls sideways. */
  widest: string[];
  /** Top-bar links and buttons outside the bar or the screen, or smaller than 24 × 24 px. */
  topBar: string[];
  /** Controls anywhere on the page that fail WCAG 2.5.8 (Target Size, Minimum). */
  smallTargets: string[];
  brandLines: number;
}

/** Reads the page's width and its top bar's geometry in the browser. */
function measure(page: Page, screenWidth: number): Promise<LayoutReport> {
  return page.evaluate((screen) => {
    const describe = (el: Element) => {
      const r = el.getBoundingClientRect();
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 3).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${cls} right=${Math.round(r.right)} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    };
    // A mobile browser widens its layout viewport (innerWidth) to content that does not fit, so the screen's own
    // width is the limit.
    const innerWidth = Math.min(window.innerWidth, screen);
    const scrollWidth = document.scrollingElement?.scrollWidth ?? 0;
    const widest: string[] = [];
    if (scrollWidth > innerWidth) {
      const over = (el: Element) => el.getBoundingClientRect().right > innerWidth + 0.5;
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        if (over(el) && !(el.parentElement && over(el.parentElement) && el.parentElement !== document.body)) widest.push(describe(el));
        if (widest.length >= 8) break;
      }
    }
    const topBar: string[] = [];
    const header = document.querySelector('header');
    let brandLines = 1;
    if (header) {
      const bar = header.getBoundingClientRect();
      for (const el of Array.from(header.querySelectorAll('a, button'))) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        const outside = r.left < bar.left - 0.5 || r.right > bar.right + 0.5 || r.top < bar.top - 0.5 || r.bottom > bar.bottom + 0.5;
        const offScreen = r.left < 0 || r.right > innerWidth + 0.5;
        if (outside || offScreen) topBar.push(`outside: ${describe(el)}`);
        if (r.width < 24 || r.height < 24) topBar.push(`smaller than 24 × 24: ${describe(el)} (${Math.round(r.width)} × ${Math.round(r.height)})`);
      }
      // An inline link that wraps has one box per line.
      const brand = header.querySelector('a');
      if (brand) brandLines = brand.getClientRects().length;
    }

    // WCAG 2.5.8: a target is at least 24 × 24 CSS px, or a 24 px circle centred on it meets no other target and no
    // other undersized target's circle. Exempt: links inside a sentence, disabled controls, things not shown, and a
    // number field's step buttons (the "equivalent" exception: the same value is typed in the field, a full-size
    // target). A control's target is what a press on it hits: the label around a checkbox or radio, a whole select.
    const controls = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], ' +
      '[role=checkbox], [role=radio], [role=switch], [role=menuitem], [role=option], [role=slider], [tabindex]:not([tabindex="-1"])';
    const targetOf = (el: Element): Element => el.closest('label') ?? el.closest('.ant-select') ?? el;
    const shown = (el: Element, r: DOMRect) => {
      if (r.width === 0 || r.height === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && !el.closest('[aria-hidden="true"], [inert]');
    };
    const inSentence = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      return (block?.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
    };
    const targets = new Map<Element, DOMRect>();
    for (const el of Array.from(document.querySelectorAll(controls))) {
      if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true' || inSentence(el)) continue;
      if (el.closest('.ant-input-number-action')) continue;
      const target = targetOf(el);
      if (targets.has(target)) continue;
      const r = target.getBoundingClientRect();
      if (shown(target, r) && shown(el, el.getBoundingClientRect())) targets.set(target, r);
    }
    const small = (r: DOMRect) => r.width < 23.5 || r.height < 23.5;
    const centre = (r: DOMRect) => [r.left + r.width / 2, r.top + r.height / 2] as const;
    const distanceToRect = ([x, y]: readonly [number, number], r: DOMRect) =>
      Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
    const smallTargets: string[] = [];
    for (const [el, r] of targets) {
      if (!small(r)) continue;
      const c = centre(r);
      const crowded = [...targets].find(([other, o]) => {
        if (other === el || other.contains(el) || el.contains(other)) return false;
        if (distanceToRect(c, o) < 12) return true;
        if (!small(o)) return false;
        const [ox, oy] = centre(o);
        return Math.hypot(ox - c[0], oy - c[1]) < 24;
      });
      if (crowded) {
        smallTargets.push(`${describe(el)} (${Math.round(r.width)} × ${Math.round(r.height)}) too close to ${describe(crowded[0])}`);
        if (smallTargets.length >= 8) break;
      }
    }
    return { innerWidth, scrollWidth, widest, topBar, smallTargets, brandLines };
  }, screenWidth);
}

/**
 * Fails when the page scrolls sideways, the brand wraps, a top-bar control lies outside the bar or the screen, or a
 * control anywhere on the page is a smaller target than WCAG 2.5.8 allows.
 */
export async function expectFitsScreen(page: Page, label: string): Promise<void> {
  const report = await measure(page, page.viewportSize()?.width ?? Number.POSITIVE_INFINITY);
  expect.soft(report.scrollWidth, `${label}: page wider than the ${report.innerWidth} px screen\n${report.widest.join('\n')}`).toBeLessThanOrEqual(report.innerWidth);
  expect.soft(report.topBar, `${label}: top-bar controls`).toEqual([]);
  expect.soft(report.brandLines, `${label}: 'Cancer Q&A' wraps`).toBe(1);
  expect.soft(report.smallTargets, `${label}: targets under 24 × 24 px without room around them (WCAG 2.5.8)`).toEqual([]);
}

/** A full-page screenshot kept under test-results/screens/<project>/ for review. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = path.join(testInfo.project.outputDir, 'screens', testInfo.project.name);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
