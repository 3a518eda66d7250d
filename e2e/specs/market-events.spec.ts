import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

test.describe('Market Events', () => {
  test('[T116] [T117] shows the week by day and filters by impact, country and search', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/market-events');
    await expect(page.getByText("This week's economic calendar across all impact levels.")).toBeVisible();
    const days = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(days.first()).toBeVisible();
    await expect(days.first()).toContainText(/\d+ events?/);
    const dayCount = await days.count();
    expect(dayCount).toBeGreaterThan(3);

    const apply = page.getByRole('button', { name: 'Apply' });
    await expect(apply).toBeDisabled();
    await page.getByLabel('Impact').selectOption('HIGH');
    await apply.click();
    const badges = page.getByRole('table').locator('tbody td:nth-child(4)');
    await expect(badges.first()).toBeVisible();
    expect(new Set(await badges.allTextContents())).toEqual(new Set(['High']));

    await page.getByLabel('Impact').selectOption('ALL');
    await page.getByLabel('Country').selectOption('CAD');
    await page.getByLabel('Search').fill('EMPLOYMENT CHANGE');
    await apply.click();
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Employment Change');
    await expect(rows.first()).toContainText('CAD');

    await page.getByLabel('Search').fill('no such release');
    await apply.click();
    await expect(page.getByText('No market events found.')).toBeVisible();

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(days).toHaveCount(dayCount);
    await expect(page.getByLabel('Country')).toHaveValue('ALL');
  });

  test('switches to cards on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 420, height: 860 });
    await signIn(page, DEMO.member);
    await page.goto('/market-events');
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'Forecast' }).first()).toBeVisible();
    await expect(page.getByRole('table').first()).toBeHidden();
  });
});
