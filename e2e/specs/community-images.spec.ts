import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectDecoded, pasteImage, png } from '../support/images';
import { DEMO, signIn } from '../support/session';

for (const width of [1280, 390]) {
  test(`a member posts a pasted image with a label, and a second member opens it, at ${width} px`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, DEMO.member);
    await page.goto('/community/general');
    const composer = page.getByRole('form', { name: 'New post in General' });
    const text = `My ES entry, chart attached ${Date.now()}`;
    await composer.getByRole('textbox', { name: 'New post in General' }).click();
    await page.keyboard.type(text);
    await pasteImage(page);
    await composer.getByLabel('Label for image 1 (optional)').fill(`ES breakout ${width}`);
    // A file that is not an image is refused with the uploads module's reason, before it is sent.
    await composer.getByLabel('Choose images for new post in general').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('<html>') });
    await expect(composer.getByRole('alert')).toHaveText('Upload a PNG, JPEG, WebP or GIF image.');
    await composer.getByLabel('Choose images for new post in general').setInputFiles(png('second.png'));
    await expect(composer.getByRole('button', { name: /^Remove image/ })).toHaveCount(2);
    // The composer with its images fits the phone and passes axe.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const { violations } = await new AxeBuilder({ page }).include('form').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await composer.getByRole('button', { name: 'Remove image 2' }).click();
    await composer.getByRole('button', { name: 'Post' }).click();

    const mine = page.getByRole('article', { name: /^Post by / }).filter({ hasText: text });
    const thumbnail = mine.getByRole('button', { name: `Open ES breakout ${width}` });
    await expect(thumbnail).toBeVisible();
    await expectDecoded(thumbnail.locator('img'));
    await expect(composer.getByRole('list', { name: 'Attached images' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // A second member opens it by keyboard: Enter opens the full image, Escape returns to the thumbnail.
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const other = await context.newPage();
    await signIn(other, DEMO.basic);
    await other.goto('/community/general');
    const seen = other.getByRole('article', { name: /^Post by / }).filter({ hasText: text });
    const otherThumbnail = seen.getByRole('button', { name: `Open ES breakout ${width}` });
    await expectDecoded(otherThumbnail.locator('img'));
    await otherThumbnail.focus();
    await other.keyboard.press('Enter');
    const viewer = other.getByRole('dialog', { name: `ES breakout ${width}` });
    await expectDecoded(viewer.getByRole('img', { name: `ES breakout ${width}` }));
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await other.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(otherThumbnail).toBeFocused();
    await context.close();

    // The author deletes the post; its image goes with it.
    await mine.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete post' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(text)).toHaveCount(0);
  });
}
