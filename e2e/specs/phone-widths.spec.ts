/**
 * Every route of the route table fits a 390 px phone, walked signed out, as a member and as
 * staff. The table is read from apps/web/src/app/router.tsx (e2e/support/route-table.ts), so a
 * new page is walked without touching this spec; a route with a parameter is opened through
 * the first link to it found on the pages walked before. A page fails when the document scrolls
 * sideways, or when a visible control (link, button, field) lies outside the phone's width and
 * no scrolling container (a `.table-wrap`) lets the member reach it. Each page must also be the
 * one asked for: a guard or missing data that sends the walker elsewhere fails it, unless the
 * route is one of REDIRECTS.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/session';
import { readRouteTable, type RoutePage } from '../support/route-table';

const PHONE = { width: 390, height: 844 };
const TABLE = readRouteTable();

/**
 * Routes that need a value no page links to. The reset and invite pages send a visitor without
 * a token back to the form that mails one, so they are opened with a token (checked on submit).
 */
const FIXED: Record<string, string> = {
  '/*': '/no-such-page',
  '/error/:code': '/error/404',
  '/password/reset/:token?': '/password/reset/phone-width-walk',
  '/account/invite/:token?': '/account/invite/phone-width-walk',
};

/** Routes that forward by design: where each lands, and why. */
const REDIRECTS: Record<string, { to: string; reason: string }> = {
  '/sessions/live/:sessionId?': { to: '/sessions/client/:sessionId?', reason: 'the old live-session address; its loader forwards to the client' },
};

/**
 * The guards of router.tsx each visitor passes; a page behind any other guard is not theirs
 * (the guard sends them away by design) and another visitor walks it.
 */
const VISITORS = {
  'signed out': ['redirectSignedIn'],
  member: ['requireActiveMembership', 'requireSignedIn'],
  staff: ['requireActiveMembership', 'requireSignedIn', 'requireStaff'],
} satisfies Record<string, string[]>;
type Visitor = keyof typeof VISITORS;

const pagesOf = (visitor: Visitor) =>
  TABLE.filter((page) => page.loaders.every((loader) => loader === 'inline' || (VISITORS[visitor] as string[]).includes(loader)));

/** A route pattern as a regular expression over pathnames. */
const matcher = (pattern: string) =>
  new RegExp(`^${pattern.replace(/\/:\w+\?/g, '(?:/[^/]+)?').replace(/:\w+/g, '[^/]+').replace(/\*$/, '.*')}$`);

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

async function settle(page: Page) {
  await page.locator('main, #main, [role="main"]').first().waitFor();
  // Pages that poll never go idle; half a second of quiet is enough for their first data.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
}

/** Opens every page `visitor` may see; those with parameters through links seen on earlier pages. */
async function walk(page: Page, visitor: Visitor) {
  const pending = pagesOf(visitor);
  const statics = new Set(TABLE.filter((route) => !route.path.includes(':')).map((route) => route.path));
  const links = new Set<string>();
  const problems: string[] = [];
  const walked: RoutePage[] = [];
  for (let progress = true; progress && pending.length > 0; ) {
    progress = false;
    for (const route of [...pending]) {
      // Optional parameters are left out; a required one is taken from a link.
      let url: string | undefined = FIXED[route.path] ?? (route.path.replace(/\/:\w+\?/g, '') || '/');
      if (url.includes(':')) {
        const pattern = matcher(route.path);
        // `/alphaorb/bots/new` fits `/alphaorb/bots/:botSlug` but is a page of its own.
        url = [...links].find((link) => pattern.test(link) && !statics.has(link));
        if (!url) continue;
      }
      pending.splice(pending.indexOf(route), 1);
      progress = true;
      await page.goto(url);
      await settle(page);
      walked.push(route);

      const redirect = REDIRECTS[route.path];
      const landed = new URL(page.url()).pathname;
      if (!matcher(redirect?.to ?? route.path).test(landed)) {
        problems.push(`${url}: landed on ${landed}, not the ${route.name} page`);
        continue;
      }
      const title = redirect ? undefined : route.title;
      if (title && !(await page.title()).endsWith(` — ${title}`)) problems.push(`${url}: titled "${await page.title()}", not the ${route.name} page ("${title}")`);
      const found = await overflow(page);
      if (found.scrollWidth > PHONE.width) problems.push(`${url}: the page is ${found.scrollWidth} px wide`);
      for (const control of found.controls) problems.push(`${url}: ${control} is outside the ${found.width} px screen`);
      for (const href of await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
        links.add(href.split(/[?#]/)[0]!);
      }
    }
  }
  for (const route of pending) problems.push(`${route.path}: no page walked links to it`);
  expect(problems, `pages that do not fit a ${PHONE.width} px phone`).toEqual([]);
  return walked;
}

/**
 * The demo staff member has no trades or bots, so nothing links to a daily log or a bot page.
 * They get one of each through the API (a manual trade today, a test-mode bot on a linked
 * simulator account); the returned function removes them.
 */
async function giveStaffATradeAndABot(page: Page, token: string) {
  await page.request.get('/sanctum/csrf-cookie');
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const headers = { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf };
  const send = async (method: 'GET' | 'POST' | 'DELETE', url: string, data?: unknown) => {
    const res = await page.request.fetch(url, { method, headers, data });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
  const trade = await send('POST', '/api/trades/manual', {
    instrument: 'NAS100',
    side: 'BUY',
    quantity: 1,
    net_pnl: 12.5,
    entry_time: `${today}T14:35:00Z`,
    exit_time: `${today}T14:50:00Z`,
    account_label: 'Phone walk',
  });
  const credentials = { email: 'trader2@broker.test', server: 'SIM-DEMO', accountType: 'demo' };
  const found = await send('POST', '/api/trading-accounts/discover', { ...credentials, password: 'demo-pass' });
  const linked = await send('POST', '/api/trading-accounts/link', { platform: 'tradelocker', credentials, tokens: found.tokens, accounts: found.accounts });
  const { accounts } = await send('GET', '/api/alphaorb/accounts?include=instruments');
  const account = accounts.find((a: { instruments?: unknown[] }) => a.instruments?.length) ?? accounts[0];
  const bot = await send('POST', '/api/alphaorb/bots', {
    label: 'Phone walk',
    trading_account_id: account.id,
    instrument_id: account.instruments?.[0]?.id ?? '1001',
    orb_minutes: 5,
    orb_start_local: '09:30',
    run_days: ['sat'],
    lot_size: 1,
    order_type: 'market',
    max_spread: null,
    risk_max_daily_trades: 1,
    risk_max_daily_loss: null,
    test_mode: true,
  });
  return async () => {
    await send('DELETE', `/api/alphaorb/bots/${bot.bot.id}`);
    for (const { id } of linked.data) await send('DELETE', `/api/trading-accounts/${id}`);
    await send('DELETE', `/api/trades/manual/${trade.data.manual_trade_id}`);
  };
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
    const removeData = await giveStaffATradeAndABot(page, await signIn(page, DEMO.admin));
    const walked = await walk(page, 'staff').finally(removeData);
    expect(walked.length).toBe(TABLE.filter((route) => !route.loaders.includes('redirectSignedIn')).length);
  });
});
