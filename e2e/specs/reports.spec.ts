import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

test.describe('reports', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.member);
  });

  test('the sidebar opens Reports, and the period and account filters change the figures', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL(/\/tradedesk\/reports$/);
    await expect(page).toHaveTitle(/Reports/);
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

    // All time: the demo member's whole history, with the curve and breakdowns.
    await page.getByRole('button', { name: 'All time' }).click();
    await expect(page).toHaveURL(/period=all/);
    const status = page.getByRole('status').filter({ hasText: /^(All trades|Trades dated) / });
    await expect(status).toHaveText('All trades · All accounts');
    // Net P&L's note: 'n trades · n days'.
    const tradesNote = page.getByLabel('Summary').getByRole('definition').filter({ hasText: /^\d+ trades? · \d+ days?$/ });
    const allTime = await tradesNote.textContent();
    const allTrades = Number(allTime?.match(/^(\d+) trades/)?.[1]);
    expect(allTrades).toBeGreaterThan(20);
    // The chart's words are a hidden paragraph in its figure (an image may hold no control).
    const equity = page.getByRole('figure', { name: /^Equity curve/ });
    await expect(equity).toBeVisible();
    await expect(equity.getByText(/^Equity curve over \d+ trading days/)).toBeAttached();
    await expect(page.getByRole('region', { name: 'By session', exact: true }).getByRole('rowheader', { name: 'New York' })).toBeVisible();
    // Each breakdown card and the table scrolling inside it have names of their own.
    const plan = page.getByRole('region', { name: 'Plan aligned', exact: true });
    await expect(plan).toBeVisible();
    await expect(plan.getByRole('region', { name: 'Plan aligned, table', exact: true })).toBeVisible();

    // A custom week with no trades in it.
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From').fill('2020-01-06');
    await page.getByLabel('To').fill('2020-01-10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(status).toHaveText('Trades dated 2020-01-06 to 2020-01-10 · All accounts');
    await expect(page.getByText('No trades in this period.', { exact: false })).toBeVisible();

    // Back to all time, then one account: fewer (or as many) trades, and the URL keeps it.
    await page.getByRole('button', { name: 'All time' }).click();
    await expect(tradesNote).toHaveText(allTime!);
    const account = page.getByLabel('Account', { exact: true });
    const options = await account.locator('option').allTextContents();
    expect(options[0]).toBe('All accounts');
    expect(options.length).toBeGreaterThan(1);
    await account.selectOption({ label: options[1]! });
    await expect(page).toHaveURL(/account=/);
    await expect(status).toHaveText(`All trades · ${options[1]}`);
    const oneAccount = Number((await tradesNote.textContent())?.match(/^(\d+) trades/)?.[1]);
    expect(oneAccount).toBeLessThanOrEqual(allTrades);
    await page.reload();
    await expect(status).toHaveText(`All trades · ${options[1]}`);
  });

  test('definitions are stated on the page', async ({ page }) => {
    await page.goto('/tradedesk/reports');
    await page.getByText('How these figures are computed').click();
    await expect(page.getByText('Gross wins ÷ |gross losses|.', { exact: false })).toBeVisible();
    await expect(page.getByText('Win rate × average win − loss rate × |average loss|', { exact: false })).toBeVisible();
  });
});
