/**
 * The first page of a visit: a platform or staff page sends its profile call before the router
 * asks for the route's code (and runs its guard), so on a cold load the call does not queue
 * behind the route's scripts on the browser's few connections; TradeDesk sends its month's calls
 * too, rather than once the router has started. A public page does not call it.
 */
import type * as ReactRouter from 'react-router';
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeAuth } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';
import { paths, routePatterns } from '@/config/paths';
import type { RouteHandle } from './route-handle';
import { createRouter, FIRST_PAGE_CALLS, routes } from './router';

/** What happened first, in order: a call the page sent (its path) or the router being created. */
const events: string[] = [];

vi.mock('react-router', async (original) => {
  const router = await original<typeof ReactRouter>();
  return {
    ...router,
    createBrowserRouter: (...args: Parameters<typeof router.createBrowserRouter>) => {
      events.push('router');
      return router.createBrowserRouter(...args);
    },
    matchRoutes: (...args: Parameters<typeof router.matchRoutes>) => {
      events.push('route table');
      return router.matchRoutes(...args);
    },
  };
});

/** Opens `path` as the first page of a visit; the calls sent and the router's creation, in order. */
function firstPage(path: string, signedIn = true) {
  events.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      events.push(new URL(url, location.origin).pathname);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  if (signedIn) storeAuth('member-token', Date.now() / 1000 + 3600);
  history.replaceState(null, '', path);
  createRouter().dispose();
  return events;
}

describe('the first page of a visit', () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it.each(['/dashboard', '/account', '/admin', '/tradedesk/reports'])('%s sends the signed-in member’s profile call before its route loads', (path) => {
    expect(firstPage(path).slice(0, 3)).toEqual(['route table', '/api/me', 'router']);
  });

  it('/tradedesk sends the month’s two calls with the profile’s, before the router is created and without matching the route table', () => {
    expect(firstPage('/tradedesk?month=2025-06').slice(0, 4)).toEqual([
      '/api/me',
      '/api/trades/order-history',
      '/api/trades/day-summaries',
      'router',
    ]);
  });

  it.each(['/', '/join', '/account/login'])('%s, a public page, does not call it', (path) => {
    expect(firstPage(path)).toEqual(['route table', 'router']);
  });

  it('matches a page with calls of its own by its pattern only because the page is under a profile layout', () => {
    expect([...FIRST_PAGE_CALLS.keys()]).toContain(routePatterns.tradedesk);
    for (const pattern of FIRST_PAGE_CALLS.keys()) {
      const layouts = matchRoutes(routes, pattern)?.map(({ route }) => (route.handle as RouteHandle | undefined)?.layout ?? route.path);
      expect(layouts).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^(Platform|${paths.staff})$`))]));
    }
  });

  it('calls nothing without a stored sign-in', () => {
    expect(firstPage('/tradedesk', false)).not.toContain('/api/me');
  });
});
