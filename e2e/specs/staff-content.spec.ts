import { expect, test, type Page } from '@playwright/test';
import { DEMO, lastMailLink, signIn } from '../support/session';

const MENTOR = { email: 'mentor.e2e@example.com', password: 'MentorPass123!' };

/** Calls the API as the signed-in page does (bearer + XSRF), for setup the spec is not about. */
async function apiCall(page: Page, method: 'POST' | 'PUT', url: string, data: unknown) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('th_auth')!).access as string);
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const res = await page.request.fetch(url, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

test('a mentor publishes a new lesson a member opens, and adds a session members see', async ({ page, browser }) => {
  // The admin adds a mentor; the mentor accepts the invite.
  await signIn(page, DEMO.admin);
  const created = await apiCall(page, 'POST', '/api/staff/members', {
    email: MENTOR.email,
    first_name: 'Maya',
    last_name: 'Mentor',
    vendor: 'internal',
    plan_key: 'staff',
  });
  await apiCall(page, 'PUT', `/api/staff/members/${created.data.id}/roles`, { roles: ['mentor'] });
  const invite = new URL(await lastMailLink(MENTOR.email));
  // The invite page is for signed-out visitors.
  await page.evaluate(() => localStorage.removeItem('th_auth'));
  await page.goto(invite.pathname + invite.search);
  await page.getByLabel('Password', { exact: true }).fill(MENTOR.password);
  await page.getByLabel('Confirm password').fill(MENTOR.password);
  await page.getByRole('button', { name: 'Complete invite' }).click();
  await expect(page.getByText('Invite accepted! You can now sign in with your new password.')).toBeVisible();

  // The mentor writes a lesson in the Toolkit course.
  await signIn(page, MENTOR);
  await page.goto('/admin/courses');
  await expect(page.getByRole('link', { name: 'Market events' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Toolkit' }).click();
  await page.getByRole('link', { name: 'New lesson' }).click();
  await page.getByLabel('Lesson title').fill('Reading the opening drive');
  await expect(page.getByLabel('Slug')).toHaveValue('reading-the-opening-drive');
  await page.getByLabel('Duration (minutes)').fill('12');
  await page.getByLabel('Summary').fill('How the first fifteen minutes set the tone for the session.');
  const editor = page.getByRole('textbox', { name: 'Lesson content' });
  await editor.click();
  await page.getByRole('button', { name: 'Heading', exact: true }).click();
  await page.keyboard.type('Watch the first candles');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Volume confirms the drive.');
  await page.getByRole('button', { name: 'Embed video/chart' }).click();
  await page.getByLabel('Video or chart address').fill('https://evil.example/embed');
  await page.getByRole('button', { name: 'Insert embed' }).click();
  await expect(page.getByText('Paste a YouTube, Vimeo or TradingView widget address (https).')).toBeVisible();
  await page
    .getByLabel('Video or chart address')
    .fill('https://www.tradingview.com/widgetembed/?symbol=CME_MINI%3AES1%21&interval=5&theme=dark&style=1&timezone=America%2FToronto');
  await page.getByLabel('Title (read by screen readers)').fill('ES 5-minute chart');
  await page.getByRole('button', { name: 'Insert embed' }).click();
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByLabel('Section heading').fill('Before the open');
  await page.getByLabel('Checklist (one item per line)').fill('Mark the overnight high and low\nCheck Market Events');
  await page.getByRole('button', { name: 'Create lesson' }).click();
  await expect(page.getByText('Lesson created.')).toBeVisible();

  // Preview as member, then move it up one place with the keyboard.
  await page.getByRole('link', { name: 'Preview as member' }).click();
  await expect(page.getByRole('heading', { name: 'Watch the first candles' })).toBeVisible();
  await expect(page.getByRole('article').locator('iframe[title="ES 5-minute chart"]')).toHaveCount(1);
  await page.getByRole('link', { name: 'Back to editing' }).click();
  await page.getByRole('link', { name: 'Back to the course' }).click();
  const lessons = page.getByRole('list', { name: 'Lessons' }).getByRole('link');
  await expect(lessons.last()).toHaveText('Reading the opening drive');
  await page.getByRole('button', { name: 'Move Reading the opening drive up' }).focus();
  await page.keyboard.press('Enter');
  await expect(lessons.nth(-2)).toHaveText('Reading the opening drive');

  // A new live session.
  await page.getByRole('navigation', { name: 'Staff sections' }).getByRole('link', { name: 'Live sessions' }).click();
  await page.getByRole('link', { name: 'New session' }).click();
  await page.getByLabel('Session title').fill('Futures Lunch Review');
  await page.getByLabel('Schedule text').fill('Lunch Review · 12:30 PM Eastern · Monday to Friday');
  await page.getByLabel('Start time').fill('12:30');
  await page.getByLabel('End time').fill('13:15');
  await page.getByLabel('Meeting number').fill('81234567890');
  await page.getByLabel('Passcode').fill('lunch1230');
  await page.getByLabel('What to expect (one per line)').fill('Morning trades reviewed\nAfternoon plan');
  await page.getByRole('button', { name: 'Create session' }).click();
  await expect(page.getByRole('heading', { name: 'Futures Lunch Review' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a replay' }).click();
  await page.getByLabel('Replay title').fill('Lunch Review: first session');
  await page.getByLabel('Watch link').fill('https://zoom.us/rec/share/lunch-first');
  await page.getByRole('button', { name: 'Add replay' }).click();
  await expect(page.getByText('Lunch Review: first session')).toBeVisible();

  // The member opens the lesson and sees the session.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, DEMO.member);
  await memberPage.goto('/courses/toolkit/reading-the-opening-drive');
  await expect(memberPage.getByRole('heading', { name: 'Reading the opening drive' })).toBeVisible();
  await expect(memberPage.getByText('Volume confirms the drive.')).toBeVisible();
  await expect(memberPage.getByRole('listitem').filter({ hasText: 'Mark the overnight high and low' })).toBeVisible();
  await memberPage.goto('/sessions');
  await expect(memberPage.getByText('Futures Lunch Review').first()).toBeVisible();
  await memberContext.close();
});
