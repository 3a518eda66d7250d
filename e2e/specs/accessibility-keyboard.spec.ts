import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

/**
 * The keyboard paths axe cannot see (issue #26), driven with the keyboard alone once the page
 * is open: dialogs keep focus and give it back, the journal editor writes and leaves, and the
 * sync result is announced. The route walk (accessibility.spec.ts) checks what axe can, and
 * the manual trade drawer's focus trap.
 */

test.use({ timezoneId: 'America/Toronto' });

/** The accessible name of what has focus, or its text, to follow Tab around. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
  });

const holdsFocus = (container: Locator) => container.evaluate((element) => element.contains(document.activeElement));

test.describe('Keyboard paths', () => {
  test('a confirmation keeps Tab and Shift+Tab inside, Escape closes it, and focus returns to its button', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/account');
    const tile = page.getByRole('listitem').filter({ hasText: 'Practice account' });
    const disable = tile.getByRole('button', { name: 'Disable' });
    await disable.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Disable trading account' });
    await expect(dialog).toBeVisible();
    expect(await holdsFocus(dialog)).toBe(true);
    const first = await focusedName(page);
    // Two buttons: Tab twice comes back round, and Shift+Tab wraps the other way.
    await page.keyboard.press('Tab');
    expect(await holdsFocus(dialog)).toBe(true);
    const second = await focusedName(page);
    expect(second).not.toBe(first);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe(first);
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe(second);
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe(first);
    expect([first, second].sort()).toEqual(['Cancel', 'Disable']);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(disable).toBeFocused();
    // Escape is a Cancel: the account is still active.
    await expect(tile.getByText('Disabled accounts keep existing logs')).toHaveCount(0);
  });

  test('a day’s narrative is written with the keyboard alone: toolbar bold, a bullet list, out of the editor, saved', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/tradedesk/day/2025-03-12');
    const card = page.locator('section.card', { has: page.getByRole('heading', { name: 'Daily narrative' }) });
    await expect(card.getByText('No narrative saved yet.')).toBeVisible();
    await card.getByRole('button', { name: 'Edit' }).focus();
    await page.keyboard.press('Enter');
    const editor = card.getByRole('textbox', { name: 'Daily narrative' });
    await expect(editor).toBeFocused();
    await expect(editor).toHaveAccessibleDescription(/press Escape, then Tab, to leave the editor/);

    // Shift+Tab reaches the toolbar's one stop (Bold); Enter presses it and typing goes on in the text.
    const bold = card.getByRole('button', { name: 'Bold' });
    await page.keyboard.press('Shift+Tab');
    await expect(bold).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(bold).toHaveAttribute('aria-pressed', 'true');
    await expect(editor).toBeFocused();
    await page.keyboard.type('Patient open');
    // The shortcut turns it off again.
    await page.keyboard.press('Control+b');
    await expect(bold).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Enter');

    // Back to the toolbar, the arrow keys to Bullet list.
    await page.keyboard.press('Shift+Tab');
    await expect(bold).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    const bullets = card.getByRole('button', { name: 'Bullet list' });
    await expect(bullets).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(bullets).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('Waited for the range');
    await page.keyboard.press('Enter');
    await page.keyboard.type('One trade only');

    // In the list Tab indents (the editor keeps focus) and Shift+Tab outdents; Escape, then Tab, leaves.
    await page.keyboard.press('Tab');
    await expect(editor).toBeFocused();
    await expect(editor.locator('li li')).toHaveCount(1);
    await page.keyboard.press('Shift+Tab');
    await expect(editor.locator('li li')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    // Next come the day's tags: typed, Enter adds one (Add is skipped while the field is empty).
    await expect(card.getByRole('combobox', { name: 'Day tags' })).toBeFocused();
    await page.keyboard.type('Patient');
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: 'Remove tag Patient' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: 'Save narrative' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('status')).toHaveText('Narrative saved.');

    await page.reload();
    await expect(card.locator('strong')).toHaveText('Patient open');
    await expect(card.getByRole('listitem')).toHaveText(['Waited for the range', 'One trade only']);
    await expect(card.getByText('Tags: Patient')).toBeVisible();
  });

  test('the sync result lands in a status region a screen reader announces', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.evaluate(() => localStorage.removeItem('th_tradedesk_last_sync'));
    await page.goto('/tradedesk');
    const sync = page.getByRole('button', { name: 'Sync', exact: true });
    await sync.focus();
    await page.keyboard.press('Enter');
    // A sync made here, or the server's cooldown after the demo data's own sync: either is said.
    await expect(page.getByRole('status').filter({ hasText: /sync/i })).toHaveText(
      /^(Sync complete: \d+ updated, \d+ skipped, \d+ failed\.|Please wait \d+ seconds before syncing again\.)$/,
    );
  });
});
