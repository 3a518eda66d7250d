import { describe, expect, it } from 'vitest';
import { pathOf, safeNext, withNext } from './next-path';

describe('next path', () => {
  it('follows only paths of this app', () => {
    expect(safeNext('/tradedesk/reports?range=month')).toBe('/tradedesk/reports?range=month');
    for (const hostile of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null]) {
      expect(safeNext(hostile), String(hostile)).toBeNull();
    }
  });

  it('carries the page asked for through the query', () => {
    expect(withNext('/account?notice=suspended', '/tradedesk/reports?range=month')).toBe(
      '/account?notice=suspended&next=%2Ftradedesk%2Freports%3Frange%3Dmonth',
    );
    expect(withNext('/account/login', null)).toBe('/account/login');
    expect(pathOf(new Request('http://app.test/tradedesk/day/2026-11-10?trade=7'))).toBe('/tradedesk/day/2026-11-10?trade=7');
  });
});
