import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';
import { sendZoomEvent } from '../support/zoom';

// The demo's Sunday Setup room (zoom-events.spec.ts drives it too; both only read what they add).
const SESSION = 'Sunday Setup';
const MEETING = '86630418852';

/** The notification e-mail to `to` whose subject starts with `subject`, from the server's outbox. */
async function mailInOutbox(to: string, subject: string): Promise<string> {
  const { existsSync, readdirSync, readFileSync } = await import('node:fs');
  const path = await import('node:path');
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
    for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
      const raw = readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '');
      if (raw.includes(`To: ${to}`) && raw.includes(`Subject: ${subject}`)) return raw;
    }
  }
  throw new Error(`No mail "${subject}" to ${to} in ${outbox}`);
}

test.describe('Notifications', () => {
  test('the fake Zoom starts a meeting → the member sees the bell count, opens the list, marks read; the e-mail is in the outbox', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    expect(await sendZoomEvent(baseURL!, 'started', MEETING)).toMatch(/^meeting\.started → 200/);

    await signIn(page, DEMO.member);
    await page.goto('/dashboard');
    const bell = page.getByRole('link', { name: /^Notifications, [1-9]\d* unread$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();

    const item = page.getByRole('listitem', { name: `Unread: ${SESSION} is live now` });
    await expect(item).toBeVisible();
    await expect(item.getByRole('link', { name: `Open: ${SESSION} is live now` })).toHaveAttribute('href', '/sessions');
    const before = Number(/Notifications, (\d+) unread/.exec((await bell.getAttribute('aria-label'))!)![1]);
    await item.getByRole('button', { name: `Mark read: ${SESSION} is live now` }).click();
    await expect(page.getByRole('listitem', { name: `${SESSION} is live now` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Notifications, ${before - 1} unread` })).toBeVisible();

    const mail = await mailInOutbox(DEMO.member.email, `${SESSION} is live now`);
    expect(mail).toContain(`${SESSION} has started.`);

    // Put the room back as the schedule has it.
    expect(await sendZoomEvent(baseURL!, 'ended', MEETING)).toMatch(/^meeting\.ended → 200/);
  });

  test('preferences are saved in the account area', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/account');
    await page.getByRole('link', { name: 'Notification preferences' }).click();
    await expect(page.getByRole('heading', { name: 'Notification preferences', level: 1 })).toBeVisible();
    await page.getByLabel('Quiet hours start').fill('22:00');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Enter both the start and the end of quiet hours, or neither.')).toBeVisible();
    await page.getByLabel('Quiet hours start').fill('');
    await page.getByLabel('Remind me before a live session starts').selectOption('30');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Notification preferences saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Remind me before a live session starts')).toHaveValue('30');
  });

  test('push: the push service worker registers on the preferences page, and the per-kind Push toggles save and reload (390 px, keyboard)', async ({ page }) => {
    // Headless Chromium reaches no push service, so no device is subscribed here: the API tests
    // cover delivery against a fake push service.
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.member);
    await page.goto('/account/notifications');
    await expect(page.getByRole('heading', { name: 'Push on this device', level: 2 })).toBeVisible();
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null))
      .toMatch(/\/sw\.js$/);
    await expect(page.getByText(/^(Push is off on this device\.|Notifications from this site are blocked)/)).toBeVisible();
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');

    const market = page.getByRole('checkbox', { name: 'High-impact market events: by push' });
    const risk = page.getByRole('checkbox', { name: 'Risk Manager warnings and locks: by push' });
    await expect(market).not.toBeChecked();
    await expect(risk).toBeChecked();
    await market.focus();
    await page.keyboard.press('Space');
    await risk.focus();
    await page.keyboard.press('Space');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Notification preferences saved.')).toBeVisible();
    await page.reload();
    await expect(market).toBeChecked();
    await expect(risk).not.toBeChecked();
    // Back to the defaults for the specs that follow.
    await market.uncheck();
    await risk.check();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Notification preferences saved.')).toBeVisible();

    // Headless Chromium refuses notifications: the member reads why push stays off.
    const turnOn = page.getByRole('button', { name: 'Turn on push on this device' });
    if (await turnOn.isVisible()) await turnOn.click();
    await expect(page.getByText(/Notifications from this site are blocked in this browser|the browser did not get your permission/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn off push on this device' })).toHaveCount(0);
  });
});
