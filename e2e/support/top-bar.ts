import type { Locator, Page } from '@playwright/test';

/**
 * A top-bar entry (a link or a button such as 'Sign Out'). Below the phone breakpoint the entries sit in the menu
 * drawer, which this opens first; on a desktop they are in the bar itself.
 */
export async function topBarItem(page: Page, kind: 'link' | 'button', name: string): Promise<Locator> {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  return page.getByRole('navigation', { name: 'Main' }).getByRole(kind, { name, exact: true });
}
