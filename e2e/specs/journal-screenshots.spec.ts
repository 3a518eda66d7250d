import { expect, test, type Locator, type Page } from '@playwright/test';
import { linkedTradeWithStop } from '../support/demo-trades';
import { expectDecoded, pasteImage, png } from '../support/images';
import { DEMO, signIn } from '../support/session';

async function deleteAll(box: Locator, page: Page) {
  for (let left = await box.getByRole('button', { name: /^Delete Screenshot/ }).count(); left > 0; left -= 1) {
    await box.getByRole('button', { name: /^Delete Screenshot/ }).first().click();
    await page.getByRole('dialog', { name: 'Delete screenshot' }).getByRole('button', { name: 'Delete' }).click();
    await expect(box.getByRole('button', { name: /^Delete Screenshot/ })).toHaveCount(left - 1);
  }
}

for (const width of [1280, 390]) {
  test(`screenshots on a trade (picked) and on the day (pasted), opened and deleted at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, DEMO.member);
    const trade = await linkedTradeWithStop(page);
    await page.goto(trade.path);
    const panel = page.getByRole('region', { name: /trade details$/ });
    const tradeBox = panel.getByRole('region', { name: 'Screenshots' });
    const dayBox = page.locator('main').getByRole('region', { name: 'Screenshots' }).first();
    await deleteAll(tradeBox, page);
    await deleteAll(dayBox, page);

    // Picked from a file on the trade.
    await tradeBox.getByLabel(/^Choose screenshots of this .* trade$/).setInputFiles(png('entry.png'));
    const thumbnail = tradeBox.getByRole('button', { name: /^Open Screenshot 1 of this .* trade$/ });
    await expect(thumbnail).toBeVisible();
    await expectDecoded(thumbnail.locator('img'));
    await expect(tradeBox.getByRole('status')).toHaveText('Screenshot attached to the trade.');

    // Pasted into the day's box: it belongs to the day, not to the open trade.
    await dayBox.getByRole('button', { name: 'Add screenshot' }).focus();
    await pasteImage(page);
    await expect(dayBox.getByRole('button', { name: 'Open Screenshot 1 of the day' })).toBeVisible();
    await expect(tradeBox.getByRole('button', { name: /^Open Screenshot/ })).toHaveCount(1);

    // A file that is not an image is refused with the reason.
    await dayBox.getByLabel('Choose screenshots of the day').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('<html>not an image</html>') });
    await expect(dayBox.getByRole('alert')).toHaveText('Upload a PNG, JPEG, WebP or GIF image.');

    // The box fits the phone: nothing pushes the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // The full image opens in a dialog and closes by keyboard, focus back on the thumbnail.
    await thumbnail.click();
    const viewer = page.getByRole('dialog', { name: /^Screenshot 1 of this .* trade$/ });
    await expectDecoded(viewer.getByRole('img'));
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(thumbnail).toBeFocused();

    // Still there after a reload; then deleted.
    await page.reload();
    await expect(tradeBox.getByRole('button', { name: /^Open Screenshot 1/ })).toBeVisible();
    await deleteAll(tradeBox, page);
    await deleteAll(dayBox, page);
    await expect(tradeBox.getByText(/^No screenshots of this .* trade yet\.$/)).toBeVisible();
  });
}
