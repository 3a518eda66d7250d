import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

test.describe('Trading Log', () => {
  test('filter → apply → paginate → open the day of a trade', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/tradelog');
    await expect(page.getByRole('heading', { name: 'Trading Log' })).toBeVisible();
    await expect(page.getByText('Full history of synced trades with filtering and pagination controls.')).toBeVisible();
    const summary = page.getByText(/^Showing \d+–\d+ of \d+ trades?$/);
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
    const instruments = await page.getByRole('table', { name: 'Trades' }).locator('tbody tr td:first-child').allTextContents();
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
    const row = page.getByRole('table', { name: 'Trades' }).locator('tbody tr').first();
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

  test('a type reads one way on synced and manual trades, in the rows and the Type filter', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/tradelog');
    const table = page.getByRole('table', { name: 'Trades' });
    await expect(table.locator('tbody tr')).toHaveCount(50);
    const cellsOf = async (name: string) => {
      const column = await page.getByRole('columnheader', { name, exact: true }).evaluate((th) => (th as HTMLTableCellElement).cellIndex);
      return table.locator(`tbody tr > :nth-child(${column + 1})`).allTextContents();
    };
    // The broker sends "market"; the journal names it as the manual trade drawer does.
    const named = /^[A-Z]/;
    for (const type of await cellsOf('Type')) expect(type).toMatch(named);
    const choices = await page.locator('#log-type option').allTextContents();
    expect(choices.slice(1).filter((type) => !named.test(type))).toEqual([]);

    await page.getByLabel('Type').selectOption('Market');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/type=Market/);
    await expect(page.getByText(/^Showing 1–\d+ of \d+ trades?$/)).toBeVisible();
    expect(new Set(await cellsOf('Type'))).toEqual(new Set(['Market']));
    expect(await cellsOf('Account')).toEqual(expect.arrayContaining(['Manual', 'TradeLocker Demo']));
  });

  test('at 1366 px the Account column shows whole, a long account label included', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const token = await signIn(page, DEMO.member);
    await page.request.get('/sanctum/csrf-cookie');
    const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
    const headers = { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf };
    // A label as long as a broker's account names get, on the newest trade (the log's first row).
    const label = 'TradeLocker SIM-DEMO Funded Challenge Account 1234567 (USD)';
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
    const created = await page.request.post('/api/trades/manual', {
      headers,
      data: { instrument: 'NAS100', side: 'BUY', quantity: 1, net_pnl: 10, entry_time: `${today}T14:35:00Z`, exit_time: `${today}T14:50:00Z`, account_label: label },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { manual_trade_id: id } = ((await created.json()) as { data: { manual_trade_id: number } }).data;
    try {
      await page.goto('/tradelog');
      const header = page.getByRole('columnheader', { name: 'Account' });
      await expect(page.getByRole('cell', { name: label })).toBeVisible();
      const column = await header.evaluate((th) => (th as HTMLTableCellElement).cellIndex);
      // Whole means inside the table's scrolling card as it first shows, and no text cut off.
      const clipped = await page.getByRole('table', { name: 'Trades' }).locator(`tr > :nth-child(${column + 1})`).evaluateAll((cells) => {
        const wrap = cells[0]!.closest('.table-wrap')!.getBoundingClientRect();
        return cells
          .filter((cell) => {
            const box = cell.getBoundingClientRect();
            return box.left < wrap.left - 1 || box.right > wrap.right + 1 || cell.scrollWidth > cell.clientWidth + 1;
          })
          .map((cell) => cell.textContent);
      });
      expect(clipped).toEqual([]);
    } finally {
      await page.request.delete(`/api/trades/manual/${id}`, { headers });
    }
  });
});
