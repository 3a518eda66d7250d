/**
 * The route table as the spec lists it (platform §2, trading tools §2): each path, the route
 * name where the spec gives one, and the layout it renders in. Matched with React Router's own
 * matcher, so a path that no longer resolves fails here before a member meets it.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from './route-handle';
import { fillPattern, paths, routePatterns } from '@/config/paths';
import { routes } from './router';

/** The deepest matched route's name and the nearest layout above it. */
function resolve(path: string) {
  const matches = matchRoutes(routes as RouteObject[], path) ?? [];
  const handles = matches.map((m) => m.route.handle as RouteHandle | undefined);
  const name = [...handles].reverse().find((h) => h?.name)?.name ?? null;
  const layout = [...handles].reverse().find((h) => h?.layout)?.layout ?? null;
  return { name, layout };
}

describe('the route table', () => {
  it.each([
    ['/', 'home'],
    ['/preview/alt', 'preview-alt'],
    ['/join', 'join'],
    ['/join/cancel', 'join-cancel'],
    ['/terms', 'terms'],
    ['/privacy', 'privacy'],
    ['/accessibility', 'accessibility'],
    ['/account/login', 'account-login'],
    ['/password/request', null],
    ['/password/reset/abc', null],
    ['/account/send-invite', null],
    ['/account/invite/abc', 'account-invite'],
    ['/account/invite', 'account-invite'],
    ['/error/503', null],
  ])('[P8] [P20] [P21] [P23] [P24] [P25] [P28] shows %s in the Landing layout (name %s)', (path, name) => {
    const route = resolve(path);
    expect(route.layout).toBe('Landing');
    if (name) expect(route.name).toBe(name);
  });

  it('[P30] sends any unmatched path to the 404 page', () => {
    const matches = matchRoutes(routes as RouteObject[], '/no/such/page') ?? [];
    expect(matches.at(-1)?.route.path).toBe('*');
  });

  it.each([
    ['/dashboard', 'dashboard'],
    ['/sessions', 'sessions'],
    ['/sessions/client/42', 'live-session-client'],
    ['/courses', 'courses'],
    ['/courses/basics/first-lesson', 'course-detail'],
    ['/courses/basics', 'course-detail'],
    ['/account', 'account'],
    ['/account/edit', 'account-edit'],
    ['/account/subscription', 'account-subscription'],
    ['/account/link', 'account-link'],
  ])('[P8] [P31] [P33] [P34] shows %s in the Platform layout as %s', (path, name) => {
    expect(resolve(path)).toMatchObject({ name, layout: 'Platform' });
  });

  it('[P32] redirects /sessions/live/{sessionId?} to the live client view', () => {
    for (const path of ['/sessions/live/42', '/sessions/live']) {
      const matches = matchRoutes(routes as RouteObject[], path) ?? [];
      expect(matches.at(-1)?.route.path).toBe('/sessions/live/:sessionId?');
      expect(matches.at(-1)?.route.loader).toBeTypeOf('function');
    }
  });

  it.each([
    ['/alphaorb', 'alphaorb'],
    ['/alphaorb/bots/new', 'alphaorbbotcreate'],
    ['/alphaorb/bots/morning-nas100~YWJj', 'alphaorbbot'],
    ['/alphaorb/bots/morning-nas100~YWJj/settings', 'alphaorbbotsettings'],
    ['/tradedesk', 'tradedesk'],
    ['/tradedesk/day/2026-11-10', 'tradedesk-day'],
    ['/tradelog', 'tradelog'],
  ])('[T1] [T2] names %s %s', (path, name) => {
    expect(resolve(path)).toMatchObject({ name, layout: 'Platform' });
  });

  it.each(['/levels', '/market-events', '/risk'])('[T2] shows %s in the Platform layout', (path) => {
    expect(resolve(path).layout).toBe('Platform');
  });
});

describe('named paths', () => {
  it('are the route patterns the table registers, each written once in config/paths.ts', () => {
    const registered = new Set<string>();
    const walk = (list: RouteObject[], parent: string) => {
      for (const route of list) {
        const own = route.path ?? '';
        const full = own.startsWith('/') ? own : `${parent.replace(/\/$/, '')}/${own}`;
        if (route.path) registered.add(full);
        if (route.children) walk(route.children, route.path ? full : parent);
      }
    };
    walk(routes as RouteObject[], '');
    expect(Object.values(routePatterns).filter((pattern) => !registered.has(pattern))).toEqual([]);
  });

  it('fill their patterns: encoded parameters, optional ones dropped, query strings built', () => {
    expect(paths.courseDetail('day trading', 'm 1')).toBe('/courses/day%20trading/m%201');
    expect(paths.courseDetail('intro')).toBe('/courses/intro');
    expect(paths.invite()).toBe('/account/invite');
    expect(paths.passwordReset('a/b')).toBe('/password/reset/a%2Fb');
    expect(paths.tradedeskDay('2026-11-10', 'M-7')).toBe('/tradedesk/day/2026-11-10?trade=M-7');
    expect(paths.accountLink()).toBe('/account/link');
    expect(paths.accountLink('abc 1')).toBe('/account/link?reactivate=abc+1');
    expect(paths.accountSuspended).toBe('/account?notice=suspended');
    for (const built of [paths.alphaorbBotSettings('orb-1'), paths.liveSessionClient('s1'), paths.tradedeskMonth('2026-10')]) {
      expect(resolve(built.split('?')[0]!).name).not.toBe('not-found');
    }
    expect(() => fillPattern(routePatterns.tradedeskDay)).toThrow('needs its date');
  });
});
