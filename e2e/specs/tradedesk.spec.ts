import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

const LAST_SYNC = 'th_tradedesk_last_sync';

test.describe('TradeDesk', () => {
  test('[T70] [T72] [T73] [T74] [T75] [T77] [T78] [T91] month chips, the calendar and latest trades lead to the day', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/tradedesk');
    await expect(page.getByRole('heading', { name: 'TradeDesk Journal' })).toBeVisible();
    await page.getByRole('button', { name: 'Previous month' }).click();
    const chips = page.getByRole('list', { name: / totals$/ });
    await expect(chips).toContainText(/Net P\/L/);
    await expect(chips).toContainText(/\d+ days/);
    await expect(page.getByRole('columnheader', { name: 'Week' })).toBeVisible();
    const traded = page.getByRole('gridcell', { name: /^\d{4}-\d{2}-\d{2}: .* trades?$/ }).first();
    await expect(traded).toContainText(/trade/);
    const date = await traded.getAttribute('data-date');
    await traded.click();
    await expect(page).toHaveURL(new RegExp(`/tradedesk/day/${date}$`));
    await page.goBack();

    const latest = page.locator('section.card', { has: page.getByRole('heading', { name: 'Latest trades' }) });
    await expect(latest.locator('tbody tr[data-trade-id]')).toHaveCount(5);
    const first = latest.locator('tbody tr[data-trade-id]').first();
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    // Opening a second row closes the first.
    await latest.locator('tbody tr[data-trade-id]').nth(1).click();
    await expect(latest.locator('tr[data-trade-id][aria-expanded="true"]')).toHaveCount(1);
    await latest.getByRole('link', { name: 'View day' }).click();
    await expect(page).toHaveURL(/\/tradedesk\/day\/\d{4}-\d{2}-\d{2}\?trade=/);
  });

  test('keeps the month in the address: a day and Back, or its Back to TradeDesk, return to it', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/tradedesk');
    const label = page.getByRole('button', { name: /, choose month$/ });
    const current = await label.textContent();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page).toHaveURL(/\/tradedesk\?month=\d{4}-\d{2}$/);
    const shown = await label.textContent();
    expect(shown).not.toBe(current);
    const traded = page.getByRole('gridcell', { name: /^\d{4}-\d{2}-\d{2}: .* trades?$/ }).first();
    const date = (await traded.getAttribute('data-date'))!;
    await traded.click();
    await expect(page).toHaveURL(new RegExp(`/tradedesk/day/${date}$`));
    await page.goBack();
    await expect(label).toHaveText(shown!);

    // From the day: its neighbours, and the way back to its month.
    await traded.click();
    const nav = page.getByRole('navigation', { name: 'Traded days' });
    const previous = nav.getByRole('link', { name: /^Previous traded day, / });
    const next = nav.getByRole('link', { name: /^Next traded day, / });
    await expect(previous.or(next).first()).toBeVisible();
    const target = (await previous.count()) > 0 ? previous : next;
    await target.click();
    await expect(page).not.toHaveURL(new RegExp(`/tradedesk/day/${date}$`));
    await expect(page).toHaveURL(/\/tradedesk\/day\/\d{4}-\d{2}-\d{2}$/);
    await page.goto(`/tradedesk/day/${date}`);
    await page.getByRole('link', { name: 'Back to TradeDesk' }).click();
    await expect(page).toHaveURL(new RegExp(`/tradedesk\\?month=${date.slice(0, 7)}$`));
    // The day's own month (a day shown from the grid's spill-over belongs to the month before).
    const monthOfDay = new Date(`${date}T12:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    await expect(label).toHaveText(monthOfDay);
  });

  test('+ Trade and the Edit of a latest trade open their forms, which load on first use', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/tradedesk');
    const drawer = page.getByRole('dialog', { name: 'Create manual trade' });
    for (let round = 0; round < 2; round += 1) {
      await page.getByRole('button', { name: '+ Trade' }).click();
      await expect(drawer.getByLabel('Instrument')).toBeVisible();
      await drawer.getByRole('button', { name: 'Cancel' }).click();
      await expect(drawer).toBeHidden();
    }

    const latest = page.locator('section.card', { has: page.getByRole('heading', { name: 'Latest trades' }) });
    await latest.locator('tbody tr[data-trade-id]').first().click();
    const panel = latest.getByRole('region', { name: / trade details$/ });
    await panel.getByRole('button', { name: 'Edit' }).click();
    await expect(panel.getByRole('textbox', { name: 'Trade notes' })).toBeVisible();
    await expect(panel.getByLabel('Market condition')).toBeVisible();
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel.getByRole('button', { name: 'Edit' })).toBeVisible();
  });

  test('[T81] the Sync button keeps its cooldown from the last sync, across a reload', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.evaluate((key) => localStorage.setItem(key, String(Date.now() - 60_000)), LAST_SYNC);
    await page.goto('/tradedesk');
    const sync = page.getByRole('button', { name: /^(Sync|Sync available in .*)$/ });
    await expect(sync).toBeDisabled();
    await expect(sync).toHaveText(/^(2:00|1:5\d)$/);
    const before = await sync.textContent();
    await expect(sync).not.toHaveText(before!, { timeout: 3000 });

    await page.reload();
    await expect(page.getByRole('button', { name: /^(Sync|Sync available in .*)$/ })).toHaveText(/^1:5\d$/);

    // A sync more than 180 s ago leaves the button ready.
    await page.evaluate((key) => localStorage.setItem(key, String(Date.now() - 181_000)), LAST_SYNC);
    await page.reload();
    await expect(page.getByRole('button', { name: /^(Sync|Sync available in .*)$/ })).toHaveText('Sync');
    await expect(page.getByRole('button', { name: /^(Sync|Sync available in .*)$/ })).toBeEnabled();
  });

  test('[T76] amounts drop the currency symbol on narrow screens', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 900 });
    await signIn(page, DEMO.member);
    await page.goto('/tradedesk');
    await page.getByRole('button', { name: 'Previous month' }).click();
    const net = page.getByRole('gridcell', { name: /^\d{4}-\d{2}-\d{2}: .* trades?$/ }).first().locator('span').nth(1); // date, amount, count
    await expect(net).toHaveText(/^[+-]?[\d.,]+K?$/);
  });

  test('on a phone each week row still shows its trade and day counts', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.member);
    await page.goto('/tradedesk');
    await page.getByRole('button', { name: 'Previous month' }).click();
    const week = page.getByRole('gridcell', { name: /^Week \d+/ }).first();
    await expect(week).toContainText(/^Week \d+/);
    await expect(week.getByText(/^\d+ trades? · \d+ days?$/)).toBeVisible();
    await expect(week.getByText(/^\d+ trades? · \d+ days?$/)).toHaveText(/^\d+ trades? · \d+ days?$/);
  });

  test('on a phone no day of the calendar cuts its amount short', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.member);
    await page.goto('/tradedesk');
    await page.getByRole('button', { name: 'Previous month' }).click();
    const days = page.getByRole('gridcell', { name: /^\d{4}-\d{2}-\d{2}: .* trades?$/ });
    await expect(days.first()).toBeVisible();
    // A cell narrower than its amount ("+659.14") hides the last digits.
    const cut = await days.evaluateAll((cells) =>
      cells
        .filter((cell) => cell.scrollWidth > cell.clientWidth)
        .map((cell) => `${cell.getAttribute('aria-label')}: ${cell.scrollWidth} px of content in ${cell.clientWidth} px`),
    );
    expect(cut).toEqual([]);
  });
});
