import { expect, test } from '@playwright/test';
import { linkedTradeWithStop } from '../support/demo-trades';
import { DEMO, signIn } from '../support/session';

test.use({ timezoneId: 'America/Toronto' });

test.describe('Trade chart', () => {
  test('[T97] a demo trade in the daily log shows its chart with marks, MAE/MFE figures and a timeframe switch', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto((await linkedTradeWithStop(page)).path);
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
