import { expect, test } from '@playwright/test';
import { linkedTradeWithStop } from '../support/demo-trades';
import { DEMO, signIn } from '../support/session';

test.use({ timezoneId: 'America/Toronto' });

test.describe('Daily Log', () => {
  test('[T56] [T88] [T92] [T101] create a manual trade from the day and see it preselected, then delete it', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/tradedesk/day/2025-03-04');
    await expect(page.getByRole('heading', { name: 'Daily Log for Tuesday, March 4, 2025' })).toBeVisible();
    await expect(page.getByText('No trades recorded for this day.')).toBeVisible();

    await page.getByRole('button', { name: '+ Trade' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create manual trade' });
    await expect(drawer.getByText('Log trades that were not imported from a linked account.')).toBeVisible();
    await expect(drawer.getByLabel('Side')).toHaveValue('BUY');
    await expect(drawer.getByLabel('Account label')).toHaveValue('Manual');
    await expect(drawer.getByLabel('Entry time')).toHaveValue('2025-03-04T09:30');
    await expect(drawer.getByLabel('Exit time')).toHaveValue('2025-03-04T10:00');
    const create = drawer.getByRole('button', { name: 'Create trade' });
    await expect(create).toBeDisabled();
    await drawer.getByLabel('Instrument').fill('SPX');
    await drawer.getByLabel('Net P/L').fill('42.5');
    await drawer.getByLabel('Quantity').fill('2');
    await create.click();
    await expect(drawer).toBeHidden();

    const row = page.locator('tr[data-trade-id]', { hasText: 'SPX' });
    await expect(row).toHaveAttribute('aria-expanded', 'true');
    await expect(page).toHaveURL(/\?trade=manual-\d+$/);
    await expect(page.locator('section.card', { has: page.getByRole('heading', { name: 'Session metrics' }) })).toContainText('+$42.50');

    await page.getByRole('button', { name: 'Delete trade' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Delete manual trade' });
    await expect(confirmation).toContainText('Delete this manual trade? This action cannot be undone.');
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No trades recorded for this day.')).toBeVisible();
  });

  test('[T89] a trade the day no longer lists gives way to the first trade and leaves the address', async ({ page }) => {
    await signIn(page, DEMO.member);
    const { date } = await linkedTradeWithStop(page);
    // A link to a trade deleted since (in another tab, or a bookmark).
    await page.goto(`/tradedesk/day/${date}?trade=manual-999999`);
    const rows = page.locator('tbody tr[data-trade-id]');
    await expect(rows.first()).toHaveAttribute('aria-expanded', 'true');
    await expect(page).toHaveURL(new RegExp(`/tradedesk/day/${date}$`));
    const firstId = await rows.first().getAttribute('data-trade-id');

    // The open manual trade deleted here.

    await page.getByRole('button', { name: '+ Trade' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create manual trade' });
    await drawer.getByLabel('Instrument').fill('USOIL');
    await drawer.getByLabel('Net P/L').fill('-12');
    await drawer.getByLabel('Quantity').fill('1');
    await drawer.getByRole('button', { name: 'Create trade' }).click();
    const manual = page.locator('tr[data-trade-id]', { hasText: 'USOIL' });
    await expect(manual).toHaveAttribute('aria-expanded', 'true');
    await expect(page).toHaveURL(/\?trade=manual-\d+$/);

    await page.getByRole('button', { name: 'Delete trade' }).click();
    await page.getByRole('dialog', { name: 'Delete manual trade' }).getByRole('button', { name: 'Delete' }).click();
    await expect(manual).toHaveCount(0);
    await expect(page.locator(`tr[data-trade-id="${firstId}"]`)).toHaveAttribute('aria-expanded', 'true');
    await expect(page).toHaveURL(new RegExp(`/tradedesk/day/${date}$`));
  });

  test('on a phone the open trade shows its values on screen while the columns scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.member);
    await page.goto((await linkedTradeWithStop(page)).path);
    const panel = page.getByRole('region', { name: / trade details$/ });
    const result = panel.locator('dt', { hasText: 'Result' }).locator('+ dd');
    await result.scrollIntoViewIfNeeded();
    // The table is wider than the phone; the details span it but stay in its visible box.
    await expect(result).toBeInViewport({ ratio: 1 });
    const table = page.getByRole('region', { name: /^Trades on / });
    await table.evaluate((box) => box.scrollBy({ left: 300 }));
    await expect(result).toBeInViewport({ ratio: 1 });
  });

  test("[T98] edit and save a trade's journal", async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto((await linkedTradeWithStop(page)).path);
    const panel = page.getByRole('region', { name: / trade details$/ });
    await expect(panel.getByRole('region', { name: 'Trade chart' })).toBeVisible();
    await panel.getByRole('button', { name: 'Edit' }).click();
    await panel.getByLabel('Outcome').fill('Textbook ORB retest');
    await expect(panel.getByLabel('Session')).toHaveAttribute('readonly', '');
    await expect(panel.getByLabel('Market condition')).toHaveAttribute('placeholder', 'Trend, range, news-driven…');
    await panel.getByLabel('Market condition').fill('Trend day');
    await panel.getByLabel('Emotion before').selectOption('Calm');
    await panel.getByLabel('Emotion after').selectOption('Satisfied');
    await panel.getByLabel('Plan aligned').check();
    await panel.getByRole('textbox', { name: 'Trade notes' }).fill('Waited for the candle close.');
    await panel.getByRole('button', { name: 'Save changes' }).click();

    await expect(panel.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(panel.getByText('Textbook ORB retest')).toBeVisible();
    await page.reload();
    const reloaded = page.getByRole('region', { name: / trade details$/ });
    await expect(reloaded.getByText('Textbook ORB retest')).toBeVisible();
    await expect(reloaded.getByText('Trend day')).toBeVisible();
    await expect(reloaded.getByText('Calm')).toBeVisible();
    await expect(reloaded.getByText('Waited for the candle close.')).toBeVisible();
  });

  test('[T87] write a narrative with bold and bullets and see it after reload', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/tradedesk/day/2025-03-05');
    const card = page.locator('section.card', { has: page.getByRole('heading', { name: 'Daily narrative' }) });
    await expect(card.getByText('No narrative saved yet.')).toBeVisible();
    await card.getByRole('button', { name: 'Edit' }).click();
    const editor = card.getByRole('textbox', { name: 'Daily narrative' });
    await editor.click();
    await card.getByRole('button', { name: 'Bold' }).click();
    await expect(card.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('Patient open');
    await card.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.press('Enter');
    await card.getByRole('button', { name: 'Bullet list' }).click();
    await page.keyboard.type('Waited for the range');
    await page.keyboard.press('Enter');
    await page.keyboard.type('One trade only');
    await card.getByRole('button', { name: 'Save narrative' }).click();

    await expect(card.locator('strong')).toHaveText('Patient open');
    await page.reload();
    await expect(card.locator('strong')).toHaveText('Patient open');
    await expect(card.getByRole('listitem')).toHaveText(['Waited for the range', 'One trade only']);
  });

  test('[T85] an invalid date offers the way back', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/tradedesk/day/2025-02-30');
    await expect(page.getByText('Invalid or missing date provided.')).toBeVisible();
    await page.getByRole('link', { name: 'Return to calendar' }).click();
    await expect(page).toHaveURL(/\/tradedesk$/);
  });
});
