import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';
import { sendZoomEvent } from '../support/zoom';

// The demo's Sunday Setup room. Its card is matched by name; other specs do not change it.
const SESSION = 'Sunday Setup';
const MEETING = '86630418852';

test.describe('Zoom events', () => {
  test('the fake Zoom starts the meeting → live now; ends it and records → the replay appears', async ({ page, baseURL }) => {
    // Each event is a run of the demo script (a TypeScript start-up of a few seconds).
    test.setTimeout(120_000);
    // Staff choose that this room's Zoom recordings are published at once (drafts by default).
    await signIn(page, DEMO.admin);
    await page.goto('/admin/sessions');
    await page.getByRole('link', { name: SESSION }).first().click();
    await page.getByLabel('Replays recorded in Zoom').selectOption('published');
    await page.getByRole('button', { name: 'Save session' }).click();
    await expect(page.getByText('Session saved.')).toBeVisible();

    expect(await sendZoomEvent(baseURL!, 'started', MEETING)).toMatch(/^meeting\.started → 200/);
    await signIn(page, DEMO.member);
    await page.goto('/sessions');
    const card = page.getByRole('article', { name: SESSION });
    await expect(card.getByText('Live now')).toBeVisible();

    expect(await sendZoomEvent(baseURL!, 'ended', MEETING)).toMatch(/^meeting\.ended → 200/);
    expect(await sendZoomEvent(baseURL!, 'recording', MEETING)).toMatch(/^recording\.completed → 200/);
    await page.reload();
    await expect(card.getByText('Live now')).toHaveCount(0);
    await expect(card.getByText(new RegExp(`^${SESSION} — `))).toBeVisible();

    // The replay library finds it by session, with the play passcode Zoom set.
    const library = page.getByRole('region', { name: 'Replay library' });
    await library.getByLabel('Session', { exact: true }).selectOption({ label: SESSION });
    await expect(library.getByRole('status')).toHaveText(/^1 of \d+ replays match/);
    await expect(library.getByText('Passcode: Replay#42')).toBeVisible();
  });
});
