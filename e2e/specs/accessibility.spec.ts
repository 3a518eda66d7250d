/**
 * Every route of the route table passes axe-core (WCAG 2.0/2.1 A and AA) with no serious or
 * critical violation, at desktop width and on a 390 px phone, with reduced motion, walked by
 * every kind of visitor: signed out, a member, a basic member (no AlphaORB), a suspended member
 * and staff. The walk is e2e/support/route-walk.ts, shared with the phone-width walker, so a
 * new page is checked without touching this spec. Each visitor walks in one signed-in page;
 * each page is analysed at desktop width, then resized to the phone and analysed again, so
 * one visit serves both widths.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/session';
import { giveStaffATradeAndABot, pagesOf, reachableCount, TABLE, walkRoutes, type Visitor } from '../support/route-walk';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** Serious and critical violations on the page as it is now, one line each. */
async function violations(page: Page, where: string) {
  const { violations: found } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return found
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => `${where}: ${violation.id} (${violation.impact}) on ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function walk(page: Page, visitor: Visitor) {
  const started = Date.now();
  await page.setViewportSize(DESKTOP);
  const { walked, problems } = await walkRoutes(page, visitor, async (_page, url) => {
    const desktop = await violations(page, `${url} at ${DESKTOP.width} px`);
    await page.setViewportSize(PHONE);
    const phone = await violations(page, `${url} at ${PHONE.width} px`);
    await page.setViewportSize(DESKTOP);
    // Printed as found too, so a walk cut short by its time limit still names what it saw.
    for (const line of [...desktop, ...phone]) console.log(line);
    return [...desktop, ...phone];
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  test.info().annotations.push({ type: 'run time', description: `${walked.length} pages as ${visitor} in ${seconds} s` });
  console.log(`accessibility: ${walked.length} pages as ${visitor}, two widths, in ${seconds} s`);
  expect(problems, `serious or critical axe violations (${TAGS.join(', ')}) as ${visitor}`).toEqual([]);
  expect(walked.length).toBe(reachableCount(visitor));
}

test.use({ reducedMotion: 'reduce' });

test('every page of the route table is checked by some visitor', () => {
  const visitors: Visitor[] = ['signed out', 'member', 'basic member', 'suspended member', 'staff'];
  const walked = new Set(visitors.flatMap((visitor) => pagesOf(visitor).map((page) => page.path)));
  expect(TABLE.filter((page) => !walked.has(page.path)).map((page) => page.path)).toEqual([]);
  expect(TABLE.map((page) => page.path)).toContain('/accessibility');
});

test('the public footer links to the accessibility statement', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Accessibility' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility' })).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ }).last()).toHaveAttribute('href', /^mailto:/);
});

test('the TradeDesk calendar is a keyboard grid: arrows move, Enter opens the day, totals are read', async ({ page }) => {
  await signIn(page, DEMO.member);
  await page.goto('/tradedesk');
  const grid = page.getByRole('grid', { name: /^Trading calendar, / });
  const days = grid.locator('[data-date]');
  await expect(days.first()).toBeVisible();
  // One day in the tab order (roving tabindex): the month's first day.
  await expect(grid.locator('[data-date][tabindex="0"]')).toHaveCount(1);
  const dates = await days.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-date')!));
  const first = grid.locator('[data-date][tabindex="0"]');
  const start = dates.indexOf((await first.getAttribute('data-date'))!);
  await first.focus();
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-date'));
  await page.keyboard.press('ArrowRight');
  expect(await focused()).toBe(dates[start + 1]);
  await page.keyboard.press('ArrowDown');
  expect(await focused()).toBe(dates[start + 8]);
  await page.keyboard.press('ArrowLeft');
  expect(await focused()).toBe(dates[start + 7]);
  await page.keyboard.press('Home');
  expect(await focused()).toBe(dates[start + 7 - ((start + 7) % 7)]);
  await expect(grid.locator('[data-date][tabindex="0"]')).toHaveAttribute('data-date', (await focused())!);
  // The week's totals describe each of its days; the month's totals are a named list.
  const described = await page.evaluate(() => {
    const id = document.activeElement?.getAttribute('aria-describedby');
    return id ? document.getElementById(id)?.textContent : undefined;
  });
  expect(described).toMatch(/^Week \d+.*\d+ trades? · \d+ days?$/);
  await expect(page.getByRole('list', { name: / totals$/ })).toBeVisible();
  const target = await focused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tradedesk/day/${target}$`));
});

test.describe('every page passes axe at desktop width and at 390 px', () => {
  test('signed out', async ({ page }) => {
    test.setTimeout(300_000);
    await walk(page, 'signed out');
  });

  test('as a member', async ({ page }) => {
    test.setTimeout(600_000);
    await signIn(page, DEMO.member);
    await walk(page, 'member');
  });

  test('as a basic member, without AlphaORB', async ({ page }) => {
    test.setTimeout(600_000);
    await signIn(page, DEMO.basic);
    await walk(page, 'basic member');
  });

  test('as a suspended member', async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, DEMO.suspended);
    await walk(page, 'suspended member');
  });

  test('as staff, every member page and every staff page', async ({ page }) => {
    test.setTimeout(600_000);
    const removeData = await giveStaffATradeAndABot(page, await signIn(page, DEMO.admin), 'Accessibility walk');
    await walk(page, 'staff').finally(removeData);
  });
});

test('the manual trade drawer keeps focus inside while open and gives it back on close', async ({ page }) => {
  await signIn(page, DEMO.member);
  await page.goto('/tradedesk');
  const opener = page.getByRole('button', { name: '+ Trade' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Create manual trade' });
  await expect(drawer).toBeVisible();
  const inside = () => drawer.evaluate((dialog) => dialog.contains(document.activeElement));
  for (const key of [...Array<string>(20).fill('Tab'), ...Array<string>(5).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    expect(await inside(), `focus after ${key}`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();
});
