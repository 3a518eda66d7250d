import { expect, test } from '@playwright/test';
import { linkedTradeWithStop } from '../support/demo-trades';
import { DEMO, signIn } from '../support/session';

test.describe('Community', () => {
  test('a member posts, staff reply as mentor, and each sees the other live without reloading', async ({ page, browser }) => {
    await signIn(page, DEMO.member);
    await page.goto('/community');
    await expect(page.getByRole('heading', { name: 'Community', level: 1 })).toBeVisible();
    const channels = page.getByRole('list', { name: 'Channels' });
    await expect(channels.getByRole('link', { name: '# Announcements' })).toBeVisible();
    await channels.getByRole('link', { name: '# Futures' }).click();
    await expect(page).toHaveURL(/\/community\/futures$/);
    await expect(page.getByText('Live: new posts appear as they are written.')).toBeVisible();

    // Staff watch the same channel in a second browser.
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, DEMO.admin);
    await staffPage.goto('/community/futures');
    await expect(staffPage.getByText('Live: new posts appear as they are written.')).toBeVisible();

    const text = `Was my ES entry early? ${Date.now()}`;
    const composer = page.getByRole('form', { name: 'New post in Futures' });
    await composer.getByRole('textbox', { name: 'New post in Futures' }).click();
    await page.keyboard.type(text);
    await composer.getByRole('button', { name: 'Post' }).click();
    await expect(page.getByText(text)).toBeVisible();

    // The staff page shows it without a reload.
    const staffPost = staffPage.getByRole('article', { name: /^Post by / }).filter({ hasText: text });
    await expect(staffPost).toBeVisible({ timeout: 10_000 });
    await staffPost.getByRole('button', { name: '0 replies' }).click();
    const reply = staffPost.getByRole('form', { name: /^Reply to / });
    await reply.getByRole('textbox').click();
    await staffPage.keyboard.type('Wait for the retest of the opening range high.');
    await reply.getByRole('button', { name: 'Reply' }).click();
    await expect(staffPost.getByText('Mentor reply')).toBeVisible();

    // The member's page learns of the reply live, and marks it as a mentor's.
    const memberPost = page.getByRole('article', { name: /^Post by / }).filter({ hasText: text });
    await expect(memberPost.getByRole('button', { name: '1 reply' })).toBeVisible({ timeout: 10_000 });
    await memberPost.getByRole('button', { name: '1 reply' }).click();
    const replies = memberPost.getByRole('list', { name: 'Replies' });
    await expect(replies.getByText('Mentor reply')).toBeVisible();
    await expect(replies.getByText('Wait for the retest of the opening range high.')).toBeVisible();

    // A reaction toggles.
    const fire = memberPost.getByRole('button', { name: 'Fire: 0' }).first();
    await fire.click();
    await expect(memberPost.getByRole('button', { name: 'Fire: 1' }).first()).toHaveAttribute('aria-pressed', 'true');

    await staffContext.close();
  });

  test('members cannot post in the read-only Announcements channel', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/community/announcements');
    await expect(page.getByText('This channel is read-only: only staff post here.')).toBeVisible();
    await expect(page.getByRole('form', { name: /New post/ })).toHaveCount(0);
  });

  test('a member shares a trade from the daily log with its P&L only as R, and the card shows in the channel', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto((await linkedTradeWithStop(page)).path);
    const panel = page.getByRole('region', { name: / trade details$/ });
    const instrument = (await panel.getAttribute('aria-label'))!.replace(/ trade details$/, '');
    await panel.getByRole('button', { name: 'Share to community' }).click();
    const form = panel.getByRole('form', { name: `Share ${instrument} trade to community` });
    await form.getByRole('button', { name: 'Share' }).click();
    await expect(form.getByText('Choose a channel.')).toBeVisible();
    await form.getByLabel('Channel').selectOption({ label: 'Wins & lessons' });
    await form.getByLabel('Only as R').check();
    await form.getByRole('button', { name: 'Share' }).click();
    await panel.getByRole('link', { name: '#Wins & lessons' }).click();

    await expect(page).toHaveURL(/\/community\/wins-and-lessons$/);
    const card = page.getByRole('region', { name: `Shared trade: ${instrument}` }).first();
    await expect(card).toBeVisible();
    await expect(card.getByText(/Entry \(Toronto time\)/)).toBeVisible();
    await expect(card.getByText('P&L')).toHaveCount(0);
  });
});
