import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

// The simulator's demo broker login (packages/broker-sim README), served inside `npm start`.
const BROKER = { email: 'demo@broker.test', password: 'demo-pass', server: 'SIM-DEMO' };

test('[P67] [P73] a member links a TradeLocker demo account from the account page', async ({ page }) => {
  await signIn(page, DEMO.basic);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Link trading account' }).click();
  await expect(page).toHaveURL(/\/account\/link$/);
  await expect(page.getByRole('link', { name: '← Back to Account' })).toBeVisible();

  // Step 1: the disclaimer and a ready platform are both needed.
  await expect(page.getByRole('heading', { name: 'Select your platform' })).toBeVisible();
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(page.getByRole('radio', { name: /Tradovate/ })).toBeDisabled();
  await expect(page.getByRole('radio', { name: /MetaTrader 4\/5/ })).toBeDisabled();
  await page.getByRole('radio', { name: /TradeLocker/ }).click();
  await expect(next).toBeDisabled();
  await page.getByRole('checkbox').check();
  await next.click();

  // Step 2: Discover Accounts waits for all four fields; Live is the default type.
  await expect(page.getByRole('heading', { name: 'Enter your TradeLocker details' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Live' })).toBeChecked();
  const discover = page.getByRole('button', { name: 'Discover Accounts' });
  await page.getByLabel('Email').fill(BROKER.email);
  await page.getByLabel('Password').fill('wrong-password');
  await expect(discover).toBeDisabled();
  await page.getByLabel('Server').fill(BROKER.server);
  await page.getByRole('radio', { name: 'Demo' }).check();
  await discover.click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials (400 Bad Request)');
  await expect(page.getByRole('heading', { name: 'Enter your TradeLocker details' })).toBeVisible();

  await page.getByLabel('Password').fill(BROKER.password);
  await discover.click();

  // Step 3: the discovered accounts, none chosen yet.
  await expect(page.getByRole('heading', { name: 'Confirm account(s)' })).toBeVisible();
  const linkSelected = page.getByRole('button', { name: 'Link Selected' });
  await expect(linkSelected).toBeDisabled();
  const demo = page.getByRole('listitem').filter({ hasText: 'SIM Demo 100K' });
  await expect(demo).toContainText('TradeLocker');
  await expect(demo).toContainText('Demo');
  await expect(demo).toContainText('ACTIVE');
  // The balance is the broker's, after the simulator's seeded trading history.
  await expect(demo).toContainText(/USD · \$[\d,]+\.\d{2}/);
  await demo.getByRole('checkbox').check();
  await demo.getByPlaceholder('Add a label (optional)').fill('  Practice book  ');
  await linkSelected.click();

  // Back on the account page with the new tile.
  await expect(page).toHaveURL(/\/account$/);
  const tile = page.getByRole('listitem', { name: 'Practice book' });
  await expect(tile).toBeVisible();
  await expect(tile).toContainText('Demo');
  await expect(tile).toContainText('TradeLocker');
});

test('[P68] a suspended member sees the inactive banner and cannot advance', async ({ page }) => {
  await signIn(page, DEMO.suspended);
  await page.goto('/account/link');
  const message = 'Your membership is inactive. Update billing to link new trading accounts.';
  await expect(page.getByText(message).first()).toBeVisible();
  await page.getByRole('radio', { name: /TradeLocker/ }).click();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(message);
  await expect(page.getByRole('heading', { name: 'Select your platform' })).toBeVisible();
});
