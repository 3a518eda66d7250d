import { expect, test } from '@playwright/test';
import { addHighImpactEvent, apiSession, breakOutbox } from '../support/market-events';
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

  test('a member follows JPY for high-impact market events and gets the in-app reminder before one, its time in their zone', async ({ page }) => {
    test.setTimeout(150_000);
    await addHighImpactEvent(page, { title: 'BOJ Outlook Report', currency: 'JPY', minutes: 20 });
    await signIn(page, DEMO.member);
    await page.goto('/account/notifications');
    const reminders = page.getByRole('group', { name: 'Market event reminders' });
    // Never chosen: the US dollar, 15 minutes before.
    await expect(reminders.getByRole('checkbox', { name: 'USD (US dollar)' })).toBeChecked();
    await expect(reminders.getByRole('checkbox', { name: 'JPY (Japanese yen)' })).not.toBeChecked();
    await expect(reminders.getByLabel('Remind me before a high-impact market event')).toHaveValue('15');
    await reminders.getByRole('checkbox', { name: 'JPY (Japanese yen)' }).check();
    await reminders.getByLabel('Remind me before a high-impact market event').selectOption('30');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Notification preferences saved.')).toBeVisible();

    // Saving asks the worker for a run at once; its every-minute run would find the event too.
    const item = page.getByRole('listitem', { name: /^Unread: BOJ Outlook Report \(JPY\) in (19|20) minutes$/ });
    await expect(async () => {
      await page.goto('/notifications');
      await expect(item).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 100_000 });
    await expect(item).toContainText(/High-impact JPY event: BOJ Outlook Report at \w+ \d+, \d{4} at \d+:\d\d [AP]M E[SD]T \(America\/Toronto\)\./);
    await expect(item.getByRole('link', { name: /^Open: BOJ Outlook Report/ })).toHaveAttribute('href', '/market-events');

    // Back to the defaults for the specs that follow.
    await page.goto('/account/notifications');
    await reminders.getByRole('checkbox', { name: 'JPY (Japanese yen)' }).uncheck();
    await reminders.getByLabel('Remind me before a high-impact market event').selectOption('15');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Notification preferences saved.')).toBeVisible();
  });

  test('staff see an e-mail that could not be sent on Notification deliveries and Retry now sends it (390 px, keyboard)', async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 390, height: 844 });
    // A member of its own, so no demo member's notices change: CHF reminders by e-mail.
    const email = `mail-retry-${Date.now()}@example.com`;
    await page.request.get('/sanctum/csrf-cookie');
    const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
    const joined = await page.request.post('/api/join', {
      data: { plan: 'trader', first_name: 'Retta', last_name: 'Mailer', email, password: 'Retry-Mail-42', password_confirmation: 'Retry-Mail-42' },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    expect(joined.status(), await joined.text()).toBe(200);
    const member = await apiSession(page, { email, password: 'Retry-Mail-42' });
    const title = /SNB Policy Rate \(CHF\) in (9|10) minutes/;

    const repair = breakOutbox();
    try {
      await addHighImpactEvent(page, { title: 'SNB Policy Rate', currency: 'CHF', minutes: 10 });
      await member('PUT', '/api/notifications/preferences', {
        kinds: [{ kind: 'market_event', in_app: true, email: true, push: false }],
        session_reminder_minutes: 15,
        quiet_hours_start: null,
        quiet_hours_end: null,
        market_event_currencies: ['CHF'],
        market_event_reminder_minutes: 15,
      });

      await signIn(page, DEMO.admin);
      await page.goto('/admin');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Staff sections' }).getByRole('link', { name: 'Notification deliveries' }).click();
      await expect(page).toHaveURL(/\/admin\/notifications$/);
      await expect(page.getByRole('heading', { name: 'Notification deliveries', level: 1 })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: email });
      await expect(async () => {
        await page.reload();
        await expect(row).toBeVisible({ timeout: 3000 });
      }).toPass({ timeout: 100_000 });
      await expect(row).toContainText(title);
      await expect(row).toContainText('High-impact market events');
      await expect(row).toContainText('E-mail');
      await expect(row).toContainText('Waiting for retry');
      await expect(row).toContainText(/[1-6] of 6/);
      await expect(row).toContainText('We could not send e-mail right now.');
      await expect(row).toContainText(/\w{3} \d+, \d{4}, \d+:\d\d [AP]M E[SD]T/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      repair();
    }

    const retry = page.getByRole('button', { name: new RegExp(`^Retry now: SNB Policy Rate .* to ${email.replace(/[.]/g, '\\.')}$`) });
    await retry.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/is being tried again now\.$/)).toBeVisible();
    // The list asks again every 10 s: the row leaves once the worker sent the e-mail.
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0, { timeout: 30_000 });
    const mail = await mailInOutbox(email, 'SNB Policy Rate (CHF) in');
    expect(mail).toContain('High-impact CHF event: SNB Policy Rate at');

    // Recorded in the staff audit log.
    await page.goto('/admin/audit');
    await expect(page.getByText('notification_delivery.retried').first()).toBeVisible();
  });
});
