import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
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

  test("a mentor's reply to a shared trade shows on the member's trade in the journal, with a link to the thread", async ({ page, browser }) => {
    const token = await signIn(page, DEMO.member);
    const { path } = await linkedTradeWithStop(page);
    const tradeId = new URL(path, 'http://x').searchParams.get('trade')!;
    const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
    const comment = `Feedback wanted ${Date.now()}`;
    const shared = await page.request.post('/api/community/shared-trades', {
      data: { channel_slug: 'wins-and-lessons', trade_id: tradeId, pnl_as: 'r', include_note: false, body_html: `<p>${comment}</p>` },
      headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf },
    });
    expect(shared.status(), await shared.text()).toBe(201);
    const postId = ((await shared.json()) as { data: { id: number } }).data.id;

    // The mentor answers in their own browser, from the thread's link.
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, DEMO.admin);
    await staffPage.goto(`/community/wins-and-lessons?thread=${postId}`);
    const thread = staffPage.getByRole('region', { name: 'Thread' });
    await expect(thread.getByText(comment)).toBeVisible();
    const reply = thread.getByRole('form', { name: /^Reply to / });
    await reply.getByRole('textbox').click();
    const advice = `Your stop was too tight for the range ${Date.now()}`;
    await staffPage.keyboard.type(advice);
    await reply.getByRole('button', { name: 'Reply' }).click();
    await expect(thread.getByRole('list', { name: 'Replies' }).getByText(advice)).toBeVisible();
    await staffContext.close();

    // The member sees it on the trade (on a phone), time in their zone, and follows the link to the thread.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    const panel = page.getByRole('region', { name: / trade details$/ });
    const feedback = panel.getByRole('region', { name: /^Mentor feedback on / });
    await expect(feedback.getByRole('heading', { name: 'Mentor feedback' })).toBeVisible();
    const item = feedback.getByRole('listitem').filter({ hasText: advice });
    await expect(item.getByText('Mentor reply')).toBeVisible();
    await expect(item.locator('time')).toHaveText(/ (EST|EDT)$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await item.getByRole('link', { name: 'View the thread in #Wins & lessons' }).click();
    await expect(page).toHaveURL(new RegExp(`/community/wins-and-lessons\\?thread=${postId}$`));
    await expect(page.getByRole('region', { name: 'Thread' }).getByRole('list', { name: 'Replies' }).getByText(advice)).toBeVisible();
  });

  test('a member @mentions a mentor from the suggestion list by keyboard, the mentor is told, and search finds the post', async ({ page, browser }) => {
    await signIn(page, DEMO.member);
    await page.goto('/community/general');
    const composer = page.getByRole('form', { name: 'New post in General' });
    const editor = composer.getByRole('textbox', { name: 'New post in General' });
    await editor.click();
    const word = `okapi${Date.now().toString(36)}`;
    await page.keyboard.type(`Question about the ${word} setup for @Al`);
    const list = composer.getByRole('listbox', { name: 'People to mention' });
    await expect(list.getByRole('option', { name: 'Alex Morgan · Mentor' })).toHaveAttribute('aria-selected', 'true');
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(list).toHaveCount(0);
    await page.keyboard.type('what do you think?');
    await composer.getByRole('button', { name: 'Post' }).click();
    const post = page.getByRole('article', { name: 'Post by Maya Chen' }).filter({ hasText: word });
    await expect(post.locator('span[data-mention]')).toHaveText('@Alex Morgan');

    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, DEMO.admin);
    await staffPage.goto('/notifications');
    await expect(staffPage.getByText('Maya Chen mentioned you in #General').first()).toBeVisible();
    await staffContext.close();

    await page.goto('/community');
    const search = page.getByRole('search', { name: 'Search posts' });
    await search.getByLabel('Search posts').fill(word);
    await search.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('link', { name: 'Post by Maya Chen in #General' }).first().click();
    await expect(page).toHaveURL(/\/community\/general\?thread=\d+$/);
    await expect(page.getByRole('region', { name: 'Thread' }).getByText(word)).toBeVisible();
  });

  test.describe('moderation', () => {
    /** A page signed in as `account` in its own browser context. */
    async function pageAs(browser: Browser, account: { email: string; password: string }) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, account);
      return page;
    }

    async function postInGeneral(page: Page, text: string) {
      await page.goto('/community/general');
      const composer = page.getByRole('form', { name: 'New post in General' });
      await composer.getByRole('textbox', { name: 'New post in General' }).click();
      await page.keyboard.type(text);
      await composer.getByRole('button', { name: 'Post' }).click();
      await expect(page.getByText(text)).toBeVisible();
    }

    async function report(page: Page, text: string) {
      await page.goto('/community/general');
      const post = page.getByRole('article', { name: 'Post by Ben Okafor' }).filter({ hasText: text });
      await post.getByRole('button', { name: 'Report' }).click();
      const dialog = page.getByRole('dialog', { name: "Report Ben Okafor's post" });
      await dialog.getByLabel('Reason').selectOption({ label: 'Spam or advertising' });
      await dialog.getByLabel('Note for staff (optional)').fill('Selling signals.');
      await dialog.getByRole('button', { name: 'Report' }).click();
      await expect(post.getByText('Thanks: staff will review this post.')).toBeVisible();
      return post;
    }

    test('a member reports a post, staff hide it from the reports queue, and members no longer see it', async ({ page, browser }) => {
      const author = await pageAs(browser, DEMO.basic);
      const text = `Guaranteed wins, DM me ${Date.now()}`;
      await postInGeneral(author, text);

      await signIn(page, DEMO.member);
      const post = await report(page, text);
      // A second report of the same post is refused in words.
      await post.getByRole('button', { name: 'Report' }).click();
      const again = page.getByRole('dialog', { name: "Report Ben Okafor's post" });
      await again.getByLabel('Reason').selectOption({ label: 'Off topic' });
      await again.getByRole('button', { name: 'Report' }).click();
      await expect(post.getByText('You have already reported this post. Staff will review it.')).toBeVisible();

      const staff = await pageAs(browser, DEMO.admin);
      await staff.goto('/admin/community');
      await expect(staff.getByRole('heading', { name: 'Community reports', level: 1 })).toBeVisible();
      const item = staff.getByRole('article', { name: 'Reported post by Ben Okafor' }).filter({ hasText: text });
      await expect(item.getByText('Spam or advertising')).toBeVisible();
      await expect(item.getByText('Selling signals.')).toBeVisible();
      await item.getByRole('button', { name: 'Hide post' }).click();
      await staff.getByRole('dialog', { name: "Hide Ben Okafor's post" }).getByRole('button', { name: 'Hide' }).click();
      await expect(item).toHaveCount(0);

      // Without a reload: the member's open channel drops the post, the author's marks it hidden.
      await expect(page.getByText(text)).toHaveCount(0);
      await expect(author.getByRole('article', { name: 'Post by Ben Okafor' }).filter({ hasText: text }).getByText('Hidden by a moderator')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('region', { name: 'Posts' })).toBeVisible();
      await expect(page.getByText(text)).toHaveCount(0);
      await author.reload();
      await expect(author.getByRole('article', { name: 'Post by Ben Okafor' }).filter({ hasText: text }).getByText('Hidden by a moderator')).toBeVisible();
      await author.context().close();
      await staff.context().close();
    });

    test('staff mute a member from the reports queue on a phone by keyboard, who then reads the mute message with its end in Toronto time when posting', async ({ page, browser }) => {
      const author = await pageAs(browser, DEMO.basic);
      const text = `Follow my paid room ${Date.now()}`;
      await postInGeneral(author, text);
      await signIn(page, DEMO.member);
      await report(page, text);

      await signIn(page, DEMO.admin);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/admin/community');
      const item = page.getByRole('article', { name: 'Reported post by Ben Okafor' }).filter({ hasText: text });
      await item.getByRole('button', { name: 'Mute author' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Mute Ben Okafor' });
      await expect(dialog.getByLabel('Mute for')).toBeFocused();
      await dialog.getByLabel('Mute for').selectOption({ label: '1 day' });
      await dialog.getByRole('button', { name: 'Mute' }).focus();
      await page.keyboard.press('Enter');
      await expect(item.getByText('Ben Okafor is muted.')).toBeVisible();
      const restricted = page.getByRole('region', { name: 'Restricted members' });
      await expect(restricted.getByRole('row', { name: /Ben Okafor/ })).toContainText('Muted');
      // The queue and the restricted members fit the phone and pass axe with content in them.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

      const composer = author.getByRole('form', { name: 'New post in General' });
      await composer.getByRole('textbox', { name: 'New post in General' }).click();
      await author.keyboard.type('Can I still post?');
      await composer.getByRole('button', { name: 'Post' }).click();
      await expect(composer.getByText(/^You are muted in the community until .+ \(Toronto time\): you can read posts but not write them\.$/)).toBeVisible();
      // The member stays in the channel (a community 403 is not an inactive membership) and still reads it.
      await expect(author).toHaveURL(/\/community\/general$/);
      await expect(author.getByText(text)).toBeVisible();

      // Lifted again, so the demo member posts in other specs.
      await restricted.getByRole('button', { name: 'Lift mute: Ben Okafor' }).click();
      await page.getByRole('dialog', { name: 'Lift mute for Ben Okafor' }).getByRole('button', { name: 'Lift mute' }).click();
      await expect(page.getByText('Mute lifted: the member can post again.')).toBeVisible();
      await author.context().close();
    });
  });
});
