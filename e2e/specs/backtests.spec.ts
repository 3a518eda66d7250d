import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

const iso = (d: Date) => d.toISOString().slice(0, 10);

test('a member backtests ORB settings over the simulator market and sees the results', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.member);
  await page.goto('/alphaorb/backtest');
  await expect(page.getByRole('heading', { name: 'Backtest', level: 1 })).toBeVisible();
  await expect(page.getByText(/Entries fill at the open of the bar after the breakout bar/)).toBeVisible();

  await page.getByLabel('ORB minutes').selectOption('15');
  await page.getByLabel('Order type').selectOption('market');
  // Two weeks ending a week ago: one history call to the simulator, ten trading days.
  const to = new Date(Date.now() - 7 * 86_400_000);
  const from = new Date(to.getTime() - 13 * 86_400_000);
  await page.getByLabel('From', { exact: true }).fill(iso(from));
  await page.getByLabel('To', { exact: true }).fill(iso(to));
  await page.getByLabel('Commission per lot').fill('2');
  await page.getByLabel('Stop slippage (points)').fill('0.5');
  await page.getByRole('button', { name: 'Run backtest' }).click();

  const stats = page.locator('dl').filter({ hasText: 'Total P&L' });
  await expect(stats).toBeVisible({ timeout: 90_000 });
  await expect(stats.getByText('Total P&L')).toBeVisible();
  await expect(stats.getByText('Win rate')).toBeVisible();
  await expect(stats.getByText(/^Stop \d+ · Target \d+ · Session close \d+$/)).toBeVisible();
  await expect(page.getByText(/^Holding 1\.00 lots of NAS100 from/)).toBeVisible();
  await expect(page.getByRole('img', { name: /Equity curve: AlphaORB ends at/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Simulated trades, oldest first' }).getByRole('row').nth(1)).toContainText(/Stop|Target|Session close/);
});

test('the bot create screen backtests the settings on its form, reached from the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.member);
  await page.goto('/alphaorb');
  await expect(page.getByRole('link', { name: 'Backtest', exact: true })).toHaveAttribute('href', '/alphaorb/backtest');
  await page.getByRole('link', { name: '+ New bot' }).click();
  await expect(page.getByRole('heading', { name: 'New AlphaORB bot' })).toBeVisible();

  // The form's settings are what the panel replays: two lots shows up in the buy-and-hold line.
  await page.getByLabel('Trading account').selectOption({ label: 'Practice account — TradeLocker' });
  await expect(page.getByLabel('Instrument')).toBeEnabled();
  await page.getByLabel('Instrument').selectOption({ label: 'NAS100 — Nasdaq 100 Index' });
  await page.getByLabel('ORB minutes').selectOption('15');
  await page.getByLabel('Lot size').fill('2');
  await page.getByLabel('Order type').selectOption('market');

  const panel = page.getByRole('region', { name: 'Backtest' });
  await expect(panel.getByText(/See how these settings would have traded NAS100/)).toBeVisible();
  const to = new Date(Date.now() - 7 * 86_400_000);
  const from = new Date(to.getTime() - 13 * 86_400_000);
  await panel.getByLabel('From', { exact: true }).fill(iso(from));
  await panel.getByLabel('To', { exact: true }).fill(iso(to));
  await panel.getByRole('button', { name: 'Run backtest' }).click();

  const stats = panel.locator('dl').filter({ hasText: 'Total P&L' });
  await expect(stats).toBeVisible({ timeout: 90_000 });
  await expect(stats.getByText('Total P&L')).toBeVisible();
  await expect(panel.getByText(/^Holding 2\.00 lots of NAS100 from/)).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Simulated trades, oldest first' }).getByRole('row').nth(1)).toContainText(/Stop|Target|Session close/);
  // Nothing was created: the member is still on the form.
  await expect(page).toHaveURL(/\/alphaorb\/bots\/new$/);
});

test('a range longer than two years is refused with its message', async ({ page }) => {
  await signIn(page, DEMO.member);
  await page.goto('/alphaorb/backtest');
  await page.getByLabel('From', { exact: true }).fill('2021-01-04');
  await page.getByLabel('To', { exact: true }).fill('2024-01-05');
  await page.getByRole('button', { name: 'Run backtest' }).click();
  await expect(page.getByText('A backtest covers at most 2 years.')).toBeVisible();
});
