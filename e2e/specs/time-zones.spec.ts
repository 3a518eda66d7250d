import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

/**
 * One time rule whatever the device: trade times are typed and read in Toronto time. Each zone
 * files a manual trade on its own empty day (two of them right after a DST change) and must see
 * it on that day at 09:30, as a member in Toronto would.
 */
const CASES = [
  { zone: 'Asia/Singapore', day: '2025-03-10', label: 'Monday, March 10, 2025' },
  { zone: 'Europe/London', day: '2025-03-11', label: 'Tuesday, March 11, 2025' },
  { zone: 'Pacific/Auckland', day: '2025-11-03', label: 'Monday, November 3, 2025' },
  { zone: 'America/Toronto', day: '2025-11-04', label: 'Tuesday, November 4, 2025' },
];

for (const { zone, day, label } of CASES) {
  test.describe(`a device in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test('[T67] files a manual trade at 09:30 Toronto time on the day it was opened from', async ({ page }) => {
      await signIn(page, DEMO.member);
      await page.goto(`/tradedesk/day/${day}`);
      await expect(page.getByRole('heading', { name: `Daily Log for ${label}` })).toBeVisible();
      await page.getByRole('button', { name: '+ Trade' }).click();
      const drawer = page.getByRole('dialog', { name: 'Create manual trade' });
      await expect(drawer.getByText('Times are Toronto time (America/Toronto), as in the trade log.')).toBeVisible();
      await expect(drawer.getByLabel('Entry time')).toHaveValue(`${day}T09:30`);
      await drawer.getByLabel('Instrument').fill('NAS100');
      await drawer.getByLabel('Net P/L').fill('12');
      await drawer.getByRole('button', { name: 'Create trade' }).click();
      await expect(drawer).toBeHidden();

      // Still on the same day, and the trade reads 09:30–10:00 as typed.
      await expect(page).toHaveURL(new RegExp(`/tradedesk/day/${day}\\?trade=manual-\\d+$`));
      const row = page.locator('tr[data-trade-id]', { hasText: 'NAS100' });
      await expect(row).toContainText('09:30');
      await expect(row).toContainText('10:00');

      await page.getByRole('button', { name: 'Delete trade' }).click();
      await page.getByRole('dialog', { name: 'Delete manual trade' }).getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('No trades recorded for this day.')).toBeVisible();
    });

    test('AlphaORB shows runs and bot trades in Toronto time, as the trade log does', async ({ page }) => {
      await signIn(page, DEMO.member);
      await page.goto('/alphaorb');
      // The demo bot opens its range at 09:30 New York time (the same clock as Toronto). Other
      // specs add bots of their own (Saturday-only ones have a run on a Saturday), so read the
      // demo bot's line and its trades.
      const demoBot = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Morning NAS100 (paper)' }) });
      await expect(demoBot.getByText(/(Next|Last) run .*9:30 AM E[SD]T/)).toBeVisible();
      const recent = page.locator('section.card', { has: page.getByRole('heading', { name: 'Recent trades' }) }).locator('tbody tr', { hasText: 'Morning NAS100 (paper)' }).first();
      const closed = (await recent.locator('td').first().textContent())!.trim();
      await page.goto('/tradelog');
      const botRow = page.locator('tr[data-trade-id]', { hasText: 'Morning NAS100 (paper)' }).first();
      await expect(botRow.locator('td').nth(2)).toHaveText(closed);
    });
  });
}
