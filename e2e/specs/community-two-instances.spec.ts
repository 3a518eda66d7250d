import { expect, test, type Browser } from '@playwright/test';
import { linkedTradeWithStop } from '../support/demo-trades';
import { DEMO, signIn } from '../support/session';
import { HOW_TO_RUN, postgresProblem, twoInstances, type TwoInstances } from '../support/two-instances';

const LIVE = 'Live: new posts appear as they are written.';

/** A page signed in as `account` on the instance at `baseURL`, in its own browser context. */
async function pageOn(browser: Browser, baseURL: string, account: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

test.describe('Community across two app instances (PostgreSQL)', () => {
  let cluster: ReturnType<typeof twoInstances> | null = null;
  let instances: TwoInstances | null = null;

  test.beforeAll(async () => {
    const problem = await postgresProblem();
    // CI starts PostgreSQL before the browser tests: there a missing server is a failure.
    if (problem && process.env.CI) throw new Error(`${problem} The two-instance community test needs it. ${HOW_TO_RUN}`);
    if (problem) {
      // The list reporter prints no skip reasons: the developer reads this one on the console.
      const reason = `${problem} Skipped the two-instance community test. ${HOW_TO_RUN}`;
      console.warn(reason);
      test.skip(true, reason);
    }
    // Migrations, the demo seed and two boots: seconds on a quiet machine, minutes on a loaded one.
    test.setTimeout(300_000);
    cluster = twoInstances(Number(process.env.E2E_PORT ?? 3210));
    instances = await cluster.start();
  });

  test.afterAll(async () => {
    await cluster?.stop();
  });

  // What the instances said on stderr (LOG_LEVEL warn) goes with a failure's report.
  test.afterEach(async () => {
    const info = test.info();
    if (!cluster || info.status === info.expectedStatus) return;
    for (const { name, text } of cluster.stderr()) await info.attach(`${name} stderr`, { body: text });
  });

  test("a member shares a trade on one instance, a mentor replies on the other, and each sees the other's post live", async ({ browser }) => {
    // Three browsers and two servers: about 25 s at load average 28 on two cores, past 45 s at 38.
    test.setTimeout(90_000);
    const { one, two } = instances!;
    const member = await pageOn(browser, one.url, DEMO.member);
    const mentor = await pageOn(browser, two.url, DEMO.admin);
    const other = await pageOn(browser, one.url, DEMO.basic);

    // The mentor (instance 2) and another member (instance 1) watch the channel.
    for (const watcher of [mentor, other]) {
      await watcher.goto('/community/wins-and-lessons');
      await expect(watcher.getByText(LIVE)).toBeVisible();
    }

    // The member shares a trade from the daily log on instance 1 and opens the channel.
    const { path } = await linkedTradeWithStop(member);
    await member.goto(path);
    const panel = member.getByRole('region', { name: / trade details$/ });
    const instrument = (await panel.getAttribute('aria-label'))!.replace(/ trade details$/, '');
    await panel.getByRole('button', { name: 'Share to community' }).click();
    const form = panel.getByRole('form', { name: `Share ${instrument} trade to community` });
    await form.getByLabel('Channel').selectOption({ label: 'Wins & lessons' });
    await form.getByRole('button', { name: 'Share' }).click();
    await panel.getByRole('link', { name: '#Wins & lessons' }).click();
    await expect(member.getByText(LIVE)).toBeVisible();
    const sharedPost = (page: typeof member) =>
      page.getByRole('article', { name: 'Post by Maya Chen' }).filter({ has: page.getByRole('region', { name: `Shared trade: ${instrument}` }) });
    await expect(sharedPost(member).getByRole('button', { name: '0 replies' })).toBeVisible();

    // The mentor's page on instance 2 shows the post without a reload, and the mentor answers it.
    const onMentor = sharedPost(mentor);
    await expect(onMentor).toBeVisible();
    await expect(sharedPost(other)).toBeVisible();
    await onMentor.getByRole('button', { name: '0 replies' }).click();
    const reply = onMentor.getByRole('form', { name: /^Reply to / });
    await reply.getByRole('textbox').click();
    const advice = `Your stop sat inside the opening range ${Date.now()}`;
    await mentor.keyboard.type(advice);
    await reply.getByRole('button', { name: 'Reply' }).click();
    await expect(onMentor.getByRole('list', { name: 'Replies' }).getByText(advice)).toBeVisible();

    // The member's page on instance 1 learns of the reply live, marked as a mentor's.
    const onMember = sharedPost(member);
    await onMember.getByRole('button', { name: '1 reply' }).click();
    const replies = onMember.getByRole('list', { name: 'Replies' });
    await expect(replies.getByRole('article', { name: 'Reply by Alex Morgan' }).filter({ hasText: advice }).getByText('Mentor reply')).toBeVisible();

    // The member sees the feedback on the trade in the journal.
    await member.goto(path);
    const feedback = panel.getByRole('region', { name: /^Mentor feedback on / });
    await expect(feedback.getByRole('listitem').filter({ hasText: advice }).getByText('Mentor reply')).toBeVisible();

    // Another member reports the post on instance 1; the mentor hides it from the reports queue
    // on instance 2, and it leaves the open channel on instance 1 without a reload.
    const reported = sharedPost(other);
    await reported.getByRole('button', { name: 'Report' }).click();
    const dialog = other.getByRole('dialog', { name: "Report Maya Chen's post" });
    await dialog.getByLabel('Reason').selectOption({ label: 'Off topic' });
    await dialog.getByRole('button', { name: 'Report' }).click();
    await expect(reported.getByText('Thanks: staff will review this post.')).toBeVisible();
    await mentor.goto('/admin/community');
    const item = mentor.getByRole('article', { name: 'Reported post by Maya Chen' });
    await item.getByRole('button', { name: 'Hide post' }).click();
    await mentor.getByRole('dialog', { name: "Hide Maya Chen's post" }).getByRole('button', { name: 'Hide' }).click();
    await expect(item).toHaveCount(0);
    await expect(sharedPost(other)).toHaveCount(0);
    await expect(other.getByText(LIVE)).toBeVisible();

    for (const page of [member, mentor, other]) await page.context().close();
  });
});
