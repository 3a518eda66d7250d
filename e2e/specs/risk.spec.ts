import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

test('[T121] the Risk Manager teaser lists what is coming and calls nothing', async ({ page }) => {
  await signIn(page, DEMO.member);
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/me') calls.push(url.pathname);
  });
  await page.goto('/risk');
  await expect(page.getByText('Coming Soon')).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('heading', { name: 'Position size calculator' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Launching Soon' })).toBeVisible();
  // Only the platform's own page-view log; the teaser itself asks the API nothing.
  expect(calls.filter((path) => path !== '/api/analytics/page-views')).toEqual([]);
});
