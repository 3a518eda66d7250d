/**
 * Walks the route table of apps/web/src/app/router.tsx (read by apps/web/build/route-table.ts) as one visitor
 * and runs a check on every page. Used by the phone-width walker and the accessibility walker,
 * so a new page is walked by both without touching either spec. A route with a parameter is
 * opened through the first link to it found on the pages walked before. Each page must also be
 * the one asked for: a guard or missing data that sends the walker elsewhere fails it, unless
 * the route is one of REDIRECTS.
 */
import { expect, type Page } from '@playwright/test';
import { readRouteTable, type RoutePage } from '../../apps/web/build/route-table';
import { demoBotBody } from './demo-bot';

export const TABLE = readRouteTable();

/**
 * Routes that need a value no page links to. The reset and invite pages send a visitor without
 * a token back to the form that mails one, so they are opened with a token (checked on submit).
 */
const FIXED: Record<string, string> = {
  '/*': '/no-such-page',
  '/error/:code': '/error/404',
  '/password/reset/:token?': '/password/reset/route-walk',
  '/account/invite/:token?': '/account/invite/route-walk',
};

/** Routes that forward by design: where each lands, and why. */
export const REDIRECTS: Record<string, { to: string; reason: string }> = {
  '/sessions/live/:sessionId?': { to: '/sessions/client/:sessionId?', reason: 'the old live-session address; its loader forwards to the client' },
};

/**
 * The guards of router.tsx each visitor passes; a page behind any other guard is not theirs
 * (the guard sends them away by design) and another visitor walks it. A basic member (no
 * AlphaORB) passes the member's guards and sees the AlphaORB pages' offer instead; a suspended
 * member has the public pages and the account area.
 */
export const VISITORS = {
  'signed out': ['redirectSignedIn'],
  member: ['requireActiveMembership', 'requireSignedIn'],
  'basic member': ['requireActiveMembership', 'requireSignedIn'],
  'suspended member': ['requireSignedIn'],
  staff: ['requireActiveMembership', 'requireSignedIn', 'requireStaff'],
} satisfies Record<string, string[]>;
export type Visitor = keyof typeof VISITORS;

/**
 * What a visitor meets by design rather than by fault: pages their plan forwards elsewhere (a
 * basic member's AlphaORB pages show the AlphaORB offer), and pages with a parameter that
 * nothing links to for them (the demo basic member has no trades and no bots).
 */
const BY_DESIGN: Partial<Record<Visitor, { redirects: Record<string, string>; unlinked: string[] }>> = {
  'basic member': {
    redirects: { '/alphaorb/bots/new': '/alphaorb', '/alphaorb/backtest': '/alphaorb' },
    unlinked: ['/tradedesk/day/:date', '/alphaorb/bots/:botSlug', '/alphaorb/bots/:botSlug/settings'],
  },
};

/** How many pages a walk as `visitor` must reach. */
export const reachableCount = (visitor: Visitor) => pagesOf(visitor).length - (BY_DESIGN[visitor]?.unlinked.length ?? 0);

export const pagesOf = (visitor: Visitor) =>
  TABLE.filter((page) => page.loaders.every((loader) => loader === 'inline' || (VISITORS[visitor] as string[]).includes(loader)));

/** A route pattern as a regular expression over pathnames. */
const matcher = (pattern: string) =>
  new RegExp(`^${pattern.replace(/\/:\w+\?/g, '(?:/[^/]+)?').replace(/:\w+/g, '[^/]+').replace(/\*$/, '.*')}$`);

export async function settle(page: Page) {
  await page.locator('main, #main, [role="main"]').first().waitFor();
  // Pages that poll never go idle; half a second of quiet is enough for their first data.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
}

/** What the check says is wrong with one page, each a line naming the page. */
export type PageCheck = (page: Page, url: string, route: RoutePage) => Promise<string[]>;

/**
 * Opens every page `visitor` may see, those with parameters through links seen on earlier
 * pages, and runs `check` on each. Returns the pages walked and every problem found.
 */
export async function walkRoutes(page: Page, visitor: Visitor, check: PageCheck) {
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
      const forwarded = BY_DESIGN[visitor]?.redirects[route.path];
      const landed = new URL(page.url()).pathname;
      if (!matcher(forwarded ?? redirect?.to ?? route.path).test(landed)) {
        problems.push(`${url}: landed on ${landed}, not the ${route.name} page`);
        continue;
      }
      const title = redirect || forwarded ? undefined : route.title;
      if (title && !(await page.title()).endsWith(` — ${title}`)) problems.push(`${url}: titled "${await page.title()}", not the ${route.name} page ("${title}")`);
      problems.push(...(await check(page, url, route)));
      for (const href of await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
        links.add(href.split(/[?#]/)[0]!);
      }
    }
  }
  for (const route of pending) {
    if (!BY_DESIGN[visitor]?.unlinked.includes(route.path)) problems.push(`${route.path}: no page walked links to it`);
  }
  return { walked, problems };
}

/**
 * The demo staff member has no trades or bots, so nothing links to a daily log or a bot page.
 * They get one of each through the API (a manual trade today, a test-mode bot on a linked
 * simulator account); the returned function removes them.
 */
export async function giveStaffATradeAndABot(page: Page, token: string, label: string) {
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
    account_label: label,
  });
  const credentials = { email: 'trader2@broker.test', server: 'SIM-DEMO', accountType: 'demo' };
  const found = await send('POST', '/api/trading-accounts/discover', { ...credentials, password: 'demo-pass' });
  const linked = await send('POST', '/api/trading-accounts/link', { platform: 'tradelocker', credentials, tokens: found.tokens, accounts: found.accounts });
  const { accounts } = await send('GET', '/api/alphaorb/accounts?include=instruments');
  const account = accounts.find((a: { instruments?: unknown[] }) => a.instruments?.length) ?? accounts[0];
  const bot = await send('POST', '/api/alphaorb/bots', demoBotBody(label, account));
  return async () => {
    await send('DELETE', `/api/alphaorb/bots/${bot.bot.id}`);
    for (const { id } of linked.data) await send('DELETE', `/api/trading-accounts/${id}`);
    await send('DELETE', `/api/trades/manual/${trade.data.manual_trade_id}`);
  };
}
