import { test } from '@playwright/test';
import { signIn } from '../support/accounts';
test('debug', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'patient');
  const res = await page.request.get('/patient/questions');
  const html = await res.text();
  console.log('HEADERS', JSON.stringify(res.headers()));
  const i = html.indexOf('cqa-content'); console.log('HTML', html.slice(i, i + 2500)); console.log('TAIL', html.slice(-1500));
});
