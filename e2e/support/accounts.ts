import { expect, type Page } from '@playwright/test';

/** The seed's demo sign-ins (apps/api/src/database/seed/demo-accounts.ts; `npm run db:seed` prints them). */
export const DEMO_PASSWORD = 'Demo-pass-2026';
export const DEMO = {
  admin: 'admin@demo.cancer-qa.test',
  expert: 'expert@demo.cancer-qa.test',
  patient: 'patient@demo.cancer-qa.test',
} as const;

/** Opens the landing page in login mode for a role. */
export async function openLogin(page: Page, role: 'patient' | 'expert'): Promise<void> {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('hasAccount', 'true'));
  await page.goto('/');
  await page.getByRole('group', { name: 'I am logging in/registering as a...' }).getByText(role === 'patient' ? 'Patient' : 'Expert').click();
}

export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Signs in through the right portal: admins at /admin/login, the others on the landing page. */
export async function signIn(page: Page, role: 'patient' | 'expert' | 'admin', email: string = DEMO[role], password = DEMO_PASSWORD): Promise<void> {
  if (role === 'admin') {
    await page.goto('/admin/login');
  } else {
    await openLogin(page, role);
  }
  await submitLogin(page, email, password);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
}
