import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

test.describe('Manage subscription', () => {
  test('shows an internally billed membership without the billing portal', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/account');
    await page.getByRole('link', { name: 'Manage subscription' }).click();
    await expect(page).toHaveURL(/\/account\/subscription$/);
    await expect(page.getByRole('heading', { name: 'Manage your membership' })).toBeVisible();

    const overview = page.getByRole('region', { name: 'Membership overview' });
    await expect(overview.getByText('Trader + Automation')).toBeVisible();
    await expect(overview.getByText('Billed yearly')).toBeVisible();
    await expect(overview.locator('.badge')).toHaveText('Active');
    await expect(overview.locator('.badge')).toHaveClass(/badge-green/);
    await expect(overview.getByText('Internal')).toBeVisible();

    const billing = page.getByRole('region', { name: 'Manage billing' });
    await expect(billing.getByText(/not billed through the online billing portal/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open billing portal' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Need help?' }).getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      /^mailto:/,
    );

    await page.getByRole('link', { name: '← Back to Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
  });

  test('[P90] labels each member’s status with its badge colour', async ({ page }) => {
    await signIn(page, DEMO.suspended);
    await page.goto('/account/subscription');
    const badge = page.getByRole('region', { name: 'Membership overview' }).locator('.badge');
    await expect(badge).toHaveText('Canceled');
    await expect(badge).toHaveClass(/badge-gray/);

    // A new member starts on the 7-day trial.
    const email = `billing-${Date.now()}@example.com`;
    await page.request.get('/sanctum/csrf-cookie');
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const res = await page.request.post('/api/join', {
      data: { plan: 'automation', first_name: 'Ivy', last_name: 'Park', email, password: 'Range-Break-9', password_confirmation: 'Range-Break-9' },
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    });
    expect(res.status()).toBe(200);
    await signIn(page, { email, password: 'Range-Break-9' });
    await page.goto('/account/subscription');
    await expect(badge).toHaveText('Trialing');
    await expect(badge).toHaveClass(/badge-green/);
  });

  test('[P93] sends a signed-out visitor to sign in', async ({ page }) => {
    await page.goto('/account/subscription');
    await expect(page).toHaveURL(/\/account\/login\?next=%2Faccount%2Fsubscription$/);
  });
});
