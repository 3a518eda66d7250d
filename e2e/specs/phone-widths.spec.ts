/**
 * Every route of the route table fits a 390 px phone with no sideways page scroll (wide tables
 * scroll inside their card), walked signed out, as a member and as staff. The routes are read
 * from apps/web/src/app/router.tsx, so a new page is walked without touching this spec; a route
 * with a parameter is opened through the first link to it found on the pages walked before.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

const PHONE = { width: 390, height: 844 };

type Section = 'landing' | 'gated' | 'account' | 'admin';

/** The route table's paths by section, optional parameters dropped. */
function routeTable(): Record<Section, string[]> {
  const source = readFileSync(path.resolve(import.meta.dirname, '../../apps/web/src/app/router.tsx'), 'utf8');
  const table: Record<Section, string[]> = { landing: [], gated: [], account: [], admin: [] };
  for (const [, name, body] of source.matchAll(/const (\w+)Routes: RouteObject\[\] = \[([\s\S]*?)\n\];/g)) {
    const section = name as Section;
    if (!(section in table)) continue;
    const prefix = section === 'admin' ? '/admin' : '';
    for (const entry of body!.matchAll(/\{ (index: true|path: '([^']*)')/g)) {
      const route = entry[2] === undefined ? '' : `/${entry[2]}`;
      table[section].push(`${prefix}${route.replace(/\/:\w+\?/g, '')}` || '/');
    }
  }
  return table;
}

const ROUTES = routeTable();
/** Routes that need a value no page links to. */
const FIXED: Record<string, string> = { '*': '/no-such-page', '/error/:code': '/error/404' };

/** The page's width beyond the phone's, and the widest element that sticks out. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let widest = '';
    let widestRight = width;
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const right = element.getBoundingClientRect().right;
      if (right > widestRight + 1) {
        widestRight = right;
        widest = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, widest, widestRight: Math.round(widestRight) };
  });
}

async function settle(page: Page) {
  await page.locator('main, #main, [role="main"]').first().waitFor();
  // Pages that poll never go idle; half a second of quiet is enough for their first data.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
}

/** Opens every route of `sections`; those with parameters through links seen on earlier pages. */
async function walk(page: Page, sections: Section[]) {
  const pending = sections.flatMap((section) => ROUTES[section]).map((route) => FIXED[route] ?? route);
  const links = new Set<string>();
  const tooWide: string[] = [];
  const visited: string[] = [];
  for (let progress = true; progress && pending.length > 0; ) {
    progress = false;
    for (const route of [...pending]) {
      let url: string | undefined = route;
      if (route.includes(':')) {
        const pattern = new RegExp(`^${route.replace(/:\w+/g, '[^/?#]+')}$`);
        url = [...links].find((link) => pattern.test(link));
        if (!url) continue;
      }
      pending.splice(pending.indexOf(route), 1);
      progress = true;
      await page.goto(url);
      await settle(page);
      visited.push(url);
      const found = await overflow(page);
      if (found.scrollWidth > PHONE.width) tooWide.push(`${url}: ${found.scrollWidth} px (widest ${found.widest} to ${found.widestRight} px)`);
      for (const href of await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
        links.add(href.split(/[?#]/)[0]!);
      }
    }
  }
  expect(pending, `no page links to these routes: ${pending.join(', ')}`).toEqual([]);
  expect(tooWide, `pages wider than ${PHONE.width} px`).toEqual([]);
  return visited;
}

test.describe('every route fits a 390 px phone', () => {
  test.use({ viewport: PHONE });

  test('signed out', async ({ page }) => {
    const visited = await walk(page, ['landing']);
    expect(visited.length).toBeGreaterThanOrEqual(10);
  });

  test('as a member', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, DEMO.member);
    const visited = await walk(page, ['gated', 'account']);
    expect(visited).toContain('/alphaorb');
  });

  test('as staff', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, DEMO.admin);
    const visited = await walk(page, ['admin', 'account']);
    expect(visited).toContain('/admin/audit');
  });
});

test('the trade log shows its Account column whole at 1366 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO.member);
  await page.goto('/tradelog');
  const header = page.getByRole('columnheader', { name: 'Account' });
  await expect(header).toBeVisible();
  const column = await header.evaluate((th) => (th as HTMLTableCellElement).cellIndex);
  const cells = page.locator(`tbody tr td:nth-child(${column + 1})`);
  await expect(cells.first()).toBeVisible();
  const clipped = await cells.evaluateAll((tds) =>
    tds.filter((td) => td.scrollWidth > td.clientWidth + 1 || td.getBoundingClientRect().right > document.documentElement.clientWidth).map((td) => td.textContent),
  );
  expect(clipped).toEqual([]);
});
