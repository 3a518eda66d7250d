/**
 * Every route of the route table fits a 390 px phone, walked signed out, as a member and as
 * staff (e2e/support/route-walk.ts reads the table from apps/web/src/app/router.tsx, so a new
 * page is walked without touching this spec). A page fails when the document scrolls
 * sideways, or when a visible control (link, button, field) lies outside the phone's width and
 * no scrolling container (a `.table-wrap`) lets the member reach it, or when a control sits
 * against a card it is not part of (a pager stuck to the form under it, as the members page's
 * was): blocks keep the page's spacing between them.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/session';
import { giveStaffATradeAndABot, pagesOf, REDIRECTS, TABLE, VISITORS, walkRoutes, type Visitor } from '../support/route-walk';

const PHONE = { width: 390, height: 844 };

/** What sticks out of the phone's width: the document's scroll width and unreachable controls. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = (box: DOMRect) => box.left < -1 || box.right > width + 1;
    const describe = (element: Element) => {
      const label =
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        ((element as HTMLElement).innerText || element.getAttribute('placeholder') || element.getAttribute('name') || element.getAttribute('href') || '');
      const box = element.getBoundingClientRect();
      return `<${element.tagName.toLowerCase()}> "${label.trim().replace(/\s+/g, ' ').slice(0, 40)}" at ${Math.round(box.left)}–${Math.round(box.right)} px`;
    };
    /** The nearest ancestor that scrolls sideways: a control inside one can be scrolled to. */
    const scroller = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return up;
      }
      return undefined;
    };
    const controls: string[] = [];
    for (const control of Array.from(document.body.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary'))) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !control.checkVisibility({ visibilityProperty: true })) continue;
      if (!outside(box)) continue;
      const container = scroller(control);
      if (!container) controls.push(describe(control));
      else if (outside(container.getBoundingClientRect())) controls.push(`${describe(control)}, in a scrolling box that sticks out itself`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, controls };
  });
}

/** Controls that touch a card from outside: above or below it with less than 6 px between. */
async function crowding(page: Page) {
  return page.evaluate(() => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && element.checkVisibility({ visibilityProperty: true });
    };
    const cards = Array.from(document.querySelectorAll('.card')).filter(visible);
    const controls = Array.from(document.querySelectorAll('a.btn, button, input:not([type="hidden"]), select, textarea')).filter(visible);
    const found: string[] = [];
    for (const card of cards) {
      const edge = card.getBoundingClientRect();
      for (const control of controls) {
        if (card.contains(control) || control.contains(card)) continue;
        const box = control.getBoundingClientRect();
        if (box.right <= edge.left || box.left >= edge.right) continue;
        const gap = box.bottom <= edge.top + 2 ? edge.top - box.bottom : box.top >= edge.bottom - 2 ? box.top - edge.bottom : null;
        const name = ((control as HTMLElement).innerText || control.getAttribute('aria-label') || control.tagName).trim().slice(0, 40);
        if (gap !== null && gap < 6) found.push(`"${name}" is ${Math.round(gap)} px from a card it is not part of`);
      }
    }
    return found;
  });
}

/** Walks `visitor`'s pages and fails on any that does not fit the phone. */
async function walk(page: Page, visitor: Visitor) {
  const { walked, problems } = await walkRoutes(page, visitor, async (_page, url) => {
    const found = await overflow(page);
    return [
      ...(found.scrollWidth > PHONE.width ? [`${url}: the page is ${found.scrollWidth} px wide`] : []),
      ...found.controls.map((control) => `${url}: ${control} is outside the ${found.width} px screen`),
      ...(await crowding(page)).map((problem) => `${url}: ${problem}`),
    ];
  });
  expect(problems, `pages that do not fit a ${PHONE.width} px phone`).toEqual([]);
  return walked;
}

test('every page of the route table is walked by someone, behind guards this spec knows', () => {
  const walked = new Set((Object.keys(VISITORS) as Visitor[]).flatMap((visitor) => pagesOf(visitor).map((page) => page.path)));
  expect(TABLE.filter((page) => !walked.has(page.path)).map((page) => `${page.path} (${page.loaders.join(', ')})`)).toEqual([]);
  expect(TABLE.length).toBeGreaterThan(40);
  for (const redirect of Object.keys(REDIRECTS)) expect(TABLE.map((page) => page.path)).toContain(redirect);
});

test.describe('every route fits a 390 px phone', () => {
  test.use({ viewport: PHONE });

  test('signed out', async ({ page }) => {
    const walked = await walk(page, 'signed out');
    expect(walked.length).toBe(pagesOf('signed out').length);
  });

  test('as a member', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, DEMO.member);
    const walked = await walk(page, 'member');
    expect(walked.length).toBe(pagesOf('member').length);
  });

  test('as staff, every member page and every staff page', async ({ page }) => {
    test.setTimeout(240_000);
    const removeData = await giveStaffATradeAndABot(page, await signIn(page, DEMO.admin), 'Phone walk');
    const walked = await walk(page, 'staff').finally(removeData);
    expect(walked.length).toBe(TABLE.filter((route) => !route.loaders.includes('redirectSignedIn')).length);
  });
});
