import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

test.describe('Levels Grabber', () => {
  test('[T111] [T112] shows the latest levels per instrument, filters by date and resets', async ({ page }) => {
    const token = await signIn(page, DEMO.member);
    const latest = await page.request.get('/api/instrument-levels?limit=1', { headers: { Authorization: `Bearer ${token}` } });
    const [first] = ((await latest.json()) as { data: { trade_date: string }[] }).data;
    expect(first, 'the demo seed computes levels').toBeTruthy();

    await page.goto('/levels');
    await expect(page.getByText('Know your levels. Track their history. Anticipate reactions.')).toBeVisible();
    const nas = page.getByRole('region', { name: /^NAS100/ });
    // One row group per trading date, after the column headers' own.
    const dates = nas.getByRole('rowgroup').filter({ hasNot: page.getByRole('columnheader', { name: 'Session' }) });
    await expect(nas).toBeVisible();
    await expect(nas.getByRole('rowheader', { name: 'Asian Range' }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: /^BTCUSD/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toContainText('🇺🇸');

    const apply = page.getByRole('button', { name: 'Apply' });
    const date = page.getByLabel('Date');
    await expect(apply).toBeDisabled();

    // An earlier date is raised to the first day levels exist for.
    await date.fill('2025-03-01');
    await date.blur();
    await expect(date).toHaveValue('2025-09-26');
    await apply.click();
    await expect(page.getByText('No levels found for the selected filters.')).toBeVisible();
    await expect(apply).toBeDisabled();

    await date.fill(first!.trade_date);
    await apply.click();
    await expect(nas).toBeVisible();
    await expect(dates).toHaveCount(1);

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(date).toHaveValue('');
    await expect(dates.first()).toBeVisible();
    expect(await dates.count()).toBeGreaterThan(1);
  });
});
