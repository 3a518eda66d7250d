import { expect, type Locator, type Page } from '@playwright/test';

// A real 1×1 PNG: the browser must decode it to show the thumbnail and the full image.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
export const png = (name: string) => ({ name, mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') });

/** Pastes an image file as the clipboard would, into whatever has focus. */
export async function pasteImage(page: Page) {
  await page.evaluate((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const clipboard = new DataTransfer();
    clipboard.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
  }, PNG_BASE64);
}

/** Waits until the browser has decoded the image (it shows, not merely an <img> in the page). */
export async function expectDecoded(image: Locator) {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}
