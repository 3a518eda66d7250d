import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

/** Waits until a smooth scroll has stopped moving (two reads 150 ms apart agree). */
async function scrollSettled(page: Page) {
  let last = -1;
  for (let i = 0; i < 40; i += 1) {
    await page.waitForTimeout(150);
    const y = await page.evaluate(() => window.scrollY);
    if (y === last) return;
    last = y;
  }
  throw new Error('the page kept scrolling');
}

/** The fixed top nav: the page's banner (the heroes' headers sit inside main). */
const navHeight = (page: Page) => page.getByRole('banner').evaluate((nav: HTMLElement) => nav.offsetHeight);

/**
 * Opens the home page and waits for its sections. The document's load event does not wait for
 * the route's lazily imported code, so the page may still be one screen high (nothing to scroll)
 * when `goto` returns; a scroll sent then is clamped to 0.
 */
async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

const offsetOf = async (page: Page, id: string) => ({
  sectionTop: await page.evaluate((target) => document.getElementById(target)!.getBoundingClientRect().top, id),
  expected: (await navHeight(page)) + 8,
});

test.describe('home page', () => {
  test('[P1] [P2] [P10] shows the tagline, the join button, the sign-in link and the founding-member card', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Login / Sign up' })).toHaveAttribute('href', '/account/login');
    await expect(page).toHaveTitle(/Earn while you learn real day trading skills/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Earn while you learn real day trading skills');
    // The hero's button comes first; the pricing card has its own.
    await expect(page.getByRole('main').getByRole('link', { name: 'Join now', exact: true }).first()).toHaveAttribute('href', '/join');
    const card = page.locator('#pricing').getByRole('article');
    await expect(card).toContainText('$50');
    await expect(card).toContainText('billed annually');
    await expect(card).toContainText('keep this rate for as long as they stay active');
    for (const item of ['All live streams', 'All education courses', 'Standard trading tools and bots', 'Community channels']) {
      await expect(card).toContainText(item);
    }
  });

  test('[P9] nav anchors land each section just below the fixed nav (nav height + 8 px)', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, id] of [
      ['Pricing', 'pricing'],
      ['Preview', 'preview'],
      ['Features', 'features'],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await scrollSettled(page);
      const { sectionTop, expected } = await offsetOf(page, id);
      expect(Math.abs(sectionTop - expected), `${id} top ${sectionTop} vs ${expected}`).toBeLessThanOrEqual(2);
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
    }
  });

  test('an anchor clicked on another page opens the home page at that section', async ({ page }) => {
    await page.goto('/terms');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await scrollSettled(page);
    const { sectionTop, expected } = await offsetOf(page, 'pricing');
    expect(Math.abs(sectionTop - expected)).toBeLessThanOrEqual(2);
  });

  test('a page opened by its address starts at its top, however far the page before it was scrolled; a reload keeps the place', async ({ page }) => {
    await openHome(page);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await scrollSettled(page);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    // A new document in the same tab (an address typed, a link from an e-mail or from Stripe).
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await scrollSettled(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 600));
    await scrollSettled(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await scrollSettled(page);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - 600)).toBeLessThanOrEqual(2);
  });

  test('[P14] the nav takes its scrolled style only after 10 % of the window height', async ({ page }) => {
    await page.goto('/');
    // Scrolled, the nav takes a solid background; at the top it is transparent.
    const header = page.getByRole('banner');
    const TRANSPARENT = 'rgba(0, 0, 0, 0)';
    const SOLID = 'rgba(11, 18, 32, 0.92)';
    await expect(header).toHaveCSS('background-color', TRANSPARENT);
    const tenth = await page.evaluate(() => window.innerHeight * 0.1);
    await page.evaluate((y) => window.scrollTo(0, y), Math.floor(tenth) - 10);
    await page.waitForTimeout(300);
    await expect(header).toHaveCSS('background-color', TRANSPARENT);
    await page.evaluate((y) => window.scrollTo(0, y), Math.ceil(tenth) + 10);
    await expect(header).toHaveCSS('background-color', SOLID);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveCSS('background-color', TRANSPARENT);
  });

  test('[P13] sections fade in once they are scrolled into view', async ({ page }) => {
    await page.goto('/');
    const pricing = page.locator('#pricing');
    expect(await pricing.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await pricing.scrollIntoViewIfNeeded();
    await expect.poll(() => pricing.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  });

  test('[P11] the skip link moves keyboard focus to the content', async ({ page }) => {
    await page.goto('/');
    // The layout is a lazy chunk: press Tab only once it has rendered.
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeAttached();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });

  test('[P12] the footer links to the legal pages and the join screen', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    await footer.getByRole('link', { name: 'Terms' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
    await expect(page.getByRole('heading', { name: /Education, not advice/ })).toBeVisible();
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.getByRole('heading', { name: /Passwords and broker credentials/ })).toBeVisible();
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Join Now' }).click();
    await expect(page).toHaveURL(/\/join$/);
  });
});

test.describe('preview page', () => {
  test('[P5] stats count up over 1600 ms and end on 1200+, 8 and 243', async ({ page }) => {
    // Every text the stat shows, with when it showed, from its first appearance: timed in the
    // page itself, so a slow test runner cannot miss the start of the count.
    await page.addInitScript(() => {
      const shown: Array<[number, string]> = [];
      (window as unknown as { countUp: typeof shown }).countUp = shown;
      new MutationObserver(() => {
        const text = document.querySelector('[data-stat="active members"]')?.textContent;
        if (text != null && text !== shown.at(-1)?.[1]) shown.push([performance.now(), text]);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/preview/alt');
    const members = page.locator('[data-stat="active members"]');
    await expect(members).toHaveText('1200+');
    const shown = await page.evaluate(() => (window as unknown as { countUp: Array<[number, string]> }).countUp);
    const [firstAt, first] = shown[0]!;
    const [landedAt] = shown.find(([, text]) => text === '1200+')!;
    expect(Number.parseInt(first, 10)).toBeLessThan(100);
    expect(shown.length, 'the count shows numbers on its way up').toBeGreaterThan(5);
    // The count starts after the stat first shows and takes 1600 ms (a frame's slack either way).
    expect(landedAt - firstAt).toBeGreaterThan(1_550);
    expect(landedAt - firstAt).toBeLessThan(3_500);
    await expect(page.locator('[data-stat="mentors on the desk"]')).toHaveText('8');
    await expect(page.locator('[data-stat="page trading blueprint"]')).toHaveText('243');
  });

  test('with reduced motion the stats show their final numbers at once', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/preview/alt');
    expect(await page.locator('[data-stat="active members"]').textContent()).toBe('1200+');
    await expect(page.locator('#testimonials')).toHaveCSS('opacity', '1');
    await context.close();
  });

  test('[P4] shows the sections in order, from the hero with its stats to the final call to action', async ({ page }) => {
    await page.goto('/preview/alt');
    const main = page.locator('#main-content');
    await expect(main.getByRole('term')).toHaveText(['active members', 'mentors on the desk', 'page trading blueprint']);
    // Each block of the page in document order, named by its anchor (or its heading for the last).
    const blocks = await main.evaluate((el) =>
      Array.from(el.children).map((child) => child.id || child.getAttribute('aria-labelledby') || child.tagName.toLowerCase()),
    );
    expect(blocks).toEqual([
      'header',
      'sessions',
      'story',
      'mentors',
      'courses',
      'blueprint',
      'community',
      'tools',
      'signals',
      'compare',
      'memberships',
      'support',
      'testimonials',
      'final-title',
    ]);
    await expect(page.locator('#blueprint ol > li')).toHaveCount(5);
    await expect(page.locator('#compare table')).toBeVisible();
  });

  test('[P102] lists the built-in schedule: New York, Sunday Setup and Asia Live with their times', async ({ page }) => {
    await page.goto('/preview/alt');
    const sessions = page.locator('#sessions');
    await expect(sessions.getByRole('heading', { level: 3 })).toHaveText(['New York', 'Sunday Setup', 'Asia Live']);
    // Each card opens with its time, above its name.
    const cards = sessions.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    for (const [index, when] of ['9:15 AM Eastern, Monday to Friday', '8:00 PM Sunday', '8:00 PM Wednesday'].entries()) {
      await expect(cards.nth(index).locator('p').first()).toHaveText(when);
    }
  });

  test('[P3] [P6] [P7] shows the claims, memberships with trial buttons to /join#plans and the support address', async ({ page }) => {
    await page.goto('/preview/alt');
    await expect(page.locator('#courses')).toContainText('150+ lessons');
    await expect(page.locator('#compare')).toContainText('2:1 member-to-mentor ratio');
    const memberships = page.locator('#memberships');
    await expect(memberships.getByRole('article', { name: 'Trader membership' })).toContainText('$50');
    await expect(memberships.getByRole('article', { name: 'Trader plus Automation membership' })).toContainText('$95');
    const support = page.locator('#support').getByRole('link', { name: /Email/ });
    await expect(support).toHaveAttribute('href', /^mailto:.+@.+/);

    await memberships.getByRole('link', { name: 'Start 7-day trial' }).first().click();
    await expect(page).toHaveURL(/\/join#plans$/);
    await expect(page.getByRole('group', { name: '1. Choose your plan' })).toBeInViewport();
  });
});

test('[P35] every page sets its title as "Traders Hub — …", and the home page the fallback title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('The Traders Hub — Earn while you learn real day trading skills');
  for (const [path, title] of [
    ['/preview/alt', 'Preview'],
    ['/join', 'Join'],
    ['/privacy', 'Privacy Policy'],
    ['/account/login', 'Sign In'],
    ['/password/request', 'Forgot Password'],
    ['/account/send-invite', 'Send Invite'],
    ['/no-such-page', 'Page not found'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(`Traders Hub — ${title}`);
  }
  // Navigating inside the app changes it too, not only a full load.
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveTitle('Traders Hub — Terms of Service');

  await signIn(page, DEMO.member);
  for (const [path, title] of [
    ['/sessions', 'Live Sessions'],
    ['/courses', 'Education Courses'],
    ['/account', 'Account'],
    ['/account/subscription', 'Manage subscription'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(`Traders Hub — ${title}`);
  }
});

test('[P37] a new page opens at the top, back restores the position left, and a hash lands below the top bar', async ({ page }) => {
  await openHome(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await scrollSettled(page);
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(500);

  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Join Now' }).click();
  await expect(page).toHaveURL(/\/join$/);
  await expect(page.getByRole('group', { name: '1. Choose your plan' })).toBeVisible();
  // The join page is long enough that keeping the old position would show.
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(200);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);

  await page.goto('/preview/alt');
  await page.locator('#memberships').getByRole('link', { name: 'Start 7-day trial' }).first().click();
  await expect(page).toHaveURL(/\/join#plans$/);
  await scrollSettled(page);
  const top = await page.evaluate(() => document.getElementById('plans')!.getBoundingClientRect().top);
  const bar = await navHeight(page);
  expect(Math.abs(top - (bar + 8)), `plans top ${top} vs bar ${bar} + 8`).toBeLessThanOrEqual(2);
});

test('[P29] error pages explain what happened and offer a way back', async ({ page }) => {
  for (const code of [400, 401, 403, 404, 500, 503]) {
    await page.goto(`/error/${code}`);
    await expect(page.getByRole('main').getByText(String(code), { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  }
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('public pages load without console errors or warnings', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of ['/', '/join', '/account/login', '/password/request', '/terms']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(messages).toEqual([]);
});
