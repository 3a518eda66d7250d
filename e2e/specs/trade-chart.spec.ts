import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

/** A weekday of last month that has demo trades (linked trades on instruments the simulator quotes). */
async function dayWithTrades(page: Page): Promise<string> {
  const res = await page.request.get('/api/trades/order-history?per_page=1&page=20', {
    headers: { Authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('th_auth')!).access)}` },
  });
  const body = (await res.json()) as { data: Array<{ trade_date: string }> };
  return body.data[0]!.trade_date;
}

test.use({ timezoneId: 'America/Toronto' });

test.describe('Trade chart', () => {
  test('[T97] a demo trade in the daily log shows its chart with marks, MAE/MFE figures and a timeframe switch', async ({ page }) => {
    await signIn(page, DEMO.member);
    const date = await dayWithTrades(page);
    await page.goto(`/tradedesk/day/${date}`);
    // The first trade of the day is open by default.
    const panel = page.getByRole('region', { name: / trade details$/ });
    const chart = panel.getByRole('region', { name: 'Trade chart' });
    await expect(chart).toBeVisible();
    // The first chart of a trade fills the bar cache from the simulator's market data.
    await expect(chart.getByText(/^Times in /)).toBeVisible({ timeout: 30_000 });
    for (const term of ['MAE', 'MFE', 'R left on the table', 'Time in trade']) {
      await expect(chart.locator('dt', { hasText: term })).toBeVisible();
    }
    await expect(chart.locator('dt', { hasText: 'MAE' }).locator('+ dd')).toHaveText(/^-\$[\d,]+\.\d{2}/);
    await expect(chart.locator('dt', { hasText: 'MFE' }).locator('+ dd')).toHaveText(/^\$[\d,]+\.\d{2}/);

    const group = chart.getByRole('group', { name: 'Chart timeframe' });
    await expect(group.getByRole('radio', { name: '1 min' })).toBeChecked();
    await chart.getByRole('button', { name: "Show the trade's prices as a table" }).click();
    const table = chart.getByRole('table', { name: /1-minute bars/ });
    await expect(table.getByRole('cell', { name: /Entry [\d,]+\.\d{2}/ })).toHaveCount(1);
    await expect(table.getByRole('cell', { name: /Exit [\d,]+\.\d{2}/ })).toHaveCount(1);
    await expect(table.getByRole('cell', { name: /Stop level/ })).toHaveCount(1);
    const minuteRows = await table.getByRole('row').count();

    await group.getByRole('radio', { name: '15 min' }).check();
    const quarter = chart.getByRole('table', { name: /15-minute bars/ });
    await expect(quarter).toBeVisible();
    await expect(quarter.getByRole('cell', { name: /Entry [\d,]+\.\d{2}/ })).toHaveCount(1);
    expect(await quarter.getByRole('row').count()).toBeLessThan(minuteRows);
  });
});
