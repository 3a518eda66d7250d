import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/session';

async function xsrf(page: Page) {
  await page.request.get('/sanctum/csrf-cookie');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  return decodeURIComponent(cookie?.value ?? '');
}

/** A fresh member with one TradeLocker account linked through the real API (the simulator). */
async function memberWithLinkedAccount(page: Page) {
  const email = `tiles-${Date.now()}@example.com`;
  const password = 'Tiles12345!';
  const join = await page.request.post('/api/join', {
    data: { plan: 'trader', first_name: 'Tile', last_name: 'Tester', email, password, password_confirmation: password },
    headers: { 'X-XSRF-TOKEN': await xsrf(page) },
  });
  expect(join.status(), await join.text()).toBe(200);
  const token = await signIn(page, { email, password });
  const headers = { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': await xsrf(page) };
  const credentials = { email: 'trader2@broker.test', server: 'SIM-DEMO', accountType: 'demo' as const };
  const discover = await page.request.post('/api/trading-accounts/discover', {
    data: { ...credentials, password: 'demo-pass' },
    headers,
  });
  expect(discover.status(), await discover.text()).toBe(200);
  const found = (await discover.json()) as {
    tokens: { accessToken: string; refreshToken: string };
    accounts: Array<{ id: string; number: string; platform: string; balance: number; currency: string }>;
  };
  const link = await page.request.post('/api/trading-accounts/link', {
    data: {
      platform: 'tradelocker',
      credentials,
      tokens: found.tokens,
      accounts: found.accounts.map((a) => ({ ...a, label: 'Swing book' })),
    },
    headers,
  });
  expect(link.status(), await link.text()).toBe(200);
}

test('[P61] [P65] a linked account tile can be disabled, then removed, each after its confirmation', async ({ page }) => {
  await memberWithLinkedAccount(page);
  await page.goto('/account');
  const tile = page.getByRole('listitem').filter({ hasText: 'Swing book' });
  await expect(tile).toBeVisible();
  await expect(tile.getByText('TradeLocker')).toBeVisible();

  // Disable asks first; Cancel changes nothing.
  await tile.getByRole('button', { name: 'Disable' }).click();
  const disableDialog = page.getByRole('dialog');
  await expect(disableDialog).toContainText('Disable Swing book? This will pause new data but keep existing logs.');
  await disableDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(tile.getByRole('button', { name: 'Disable' })).toBeVisible();

  await tile.getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
  await expect(tile.getByText('Disabled accounts keep existing logs but stop syncing until you re-link credentials.')).toBeVisible();
  const reactivate = tile.getByRole('link', { name: 'Reactivate account' });
  await expect(reactivate).toHaveAttribute('href', /\/account\/link\?reactivate=/);

  // Remove names the account and its bots, and the tile goes away.
  await tile.getByRole('button', { name: 'Remove' }).click();
  const removeDialog = page.getByRole('dialog');
  await expect(removeDialog).toContainText('Remove Swing book? This also deletes its associated bots');
  await removeDialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Swing book' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Link trading account' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'Swing book' })).toHaveCount(0);
});
