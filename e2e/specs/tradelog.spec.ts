import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

test.describe('Trading Log', () => {
  test('filter → apply → paginate → open the day of a trade', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/tradelog');
    await expect(page.getByRole('heading', { name: 'Trading Log' })).toBeVisible();
    await expect(page.getByText('Full history of synced trades with filtering and pagination controls.')).toBeVisible();
    const summary = page.locator('.trade-log-summary');
    await expect(summary).toHaveText(/^Showing 1–50 of \d+ trades$/);
    const all = Number((await summary.textContent())!.match(/of (\d+)/)![1]);

    const apply = page.getByRole('button', { name: 'Apply' });
    const reset = page.getByRole('button', { name: 'Reset' });
    await expect(apply).toBeDisabled();
    await expect(reset).toBeDisabled();

    // Suggestions come from the member's own instruments.
    await expect(page.locator('#log-instruments option[value="NAS100"]')).toHaveCount(1);
    await page.getByLabel('Instrument').fill('nas');
    await expect(apply).toBeEnabled();
    await apply.click();
    await expect(summary).not.toHaveText(`Showing 1–50 of ${all} trades`);
    await expect(summary).toHaveText(/^Showing 1–50 of \d+ trades$/);
    const filtered = Number((await summary.textContent())!.match(/of (\d+)/)![1]);
    expect(filtered).toBeLessThan(all);
    expect(filtered).toBeGreaterThan(50);
    const instruments = await page.locator('.trade-log-table tbody tr td:first-child').allTextContents();
    expect(new Set(instruments)).toEqual(new Set(['NAS100']));
    await expect(apply).toBeDisabled();
    await expect(reset).toBeEnabled();

    const pages = Math.ceil(filtered / 50);
    await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
    await expect(summary).toHaveText(new RegExp(`^Showing 51–${Math.min(100, filtered)} of ${filtered} trades$`));

    // Keyboard opens the row's day with the trade preselected.
    const row = page.locator('.trade-log-table tbody tr').first();
    const tradeId = await row.getAttribute('data-trade-id');
    await row.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/tradedesk/day/\\d{4}-\\d{2}-\\d{2}\\?trade=${tradeId}$`));
    await expect(page.getByRole('heading', { name: /^Daily Log for / })).toBeVisible();
    await expect(page.locator(`tr[data-trade-id="${tradeId}"]`)).toHaveAttribute('aria-expanded', 'true');

    // Back returns to the same page of the same filtered log.
    await page.goBack();
    await expect(page).toHaveURL(/\/tradelog\?instrument=nas&page=2$/);
    await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
    await expect(page.getByLabel('Instrument')).toHaveValue('nas');
    await expect(summary).toHaveText(new RegExp(`^Showing 51–${Math.min(100, filtered)} of ${filtered} trades$`));
    await page.getByLabel('Instrument').fill('no-such-market');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('No trades match the current filters.')).toBeVisible();
  });
});
