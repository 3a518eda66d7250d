import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { seedWeek } from './fixtures.ts';

let t: TestApp;
let token: string;
let accountId: string;
let manualIds: string[];

const positions = (body: { data: Array<{ position_id: string | null; id: string }> }) =>
  body.data.map((trade) => trade.position_id ?? trade.id);

beforeAll(async () => {
  t = await createTestApp();
  const member = await createMember(t.ctx);
  token = await t.login(member.email, member.password);
  const seeded = await seedWeek(t, member, token);
  accountId = seeded.account.id;
  manualIds = seeded.manualIds;
});
afterAll(() => t.close());

const history = async (query: string) => {
  const res = await t.call('GET', `/api/trades/order-history?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/trades/order-history', () => {
  it('requires authentication and an active membership', async () => {
    expect((await t.call('GET', '/api/trades/order-history')).statusCode).toBe(401);
    const suspended = await createMember(t.ctx, { status: 'suspended' });
    const suspendedToken = await t.login(suspended.email, suspended.password);
    expect((await t.call('GET', '/api/trades/order-history', { token: suspendedToken })).statusCode).toBe(403);
  });

  it('pages newest entry first with totals, across synced and manual trades', async () => {
    const [m1, m2, m3] = manualIds;
    const page1 = await history('per_page=4&page=1');
    expect(positions(page1)).toEqual(['P7', m3, 'P6', m2]);
    expect(page1.meta).toMatchObject({ page: 1, per_page: 4, total: 10, total_pages: 3, count: 4 });
    expect(positions(await history('per_page=4&page=2'))).toEqual(['P5', m1, 'P3', 'P4']);
    const page3 = await history('per_page=4&page=3');
    expect(positions(page3)).toEqual(['P2', 'P1']);
    expect(page3.meta).toMatchObject({ page: 3, count: 2, total: 10 });
  });

  it('describes each trade with its Toronto trade date, session and account', async () => {
    const { data } = await history('per_page=50');
    const byPosition = Object.fromEntries(data.map((trade: { position_id: string; id: string }) => [trade.position_id ?? trade.id, trade]));
    expect(byPosition.P1).toMatchObject({
      instrument: 'NAS100',
      side: 'buy',
      trade_date: '2026-01-05',
      session: 'New York',
      net_pnl: '120.50',
      source: 'linked',
      manual: false,
      manual_trade_id: null,
      account: { label: 'Apex Live', identifier: 'L#1001' },
      account_id: accountId,
      entry_order_id: 'P1-in',
      exit_order_id: 'P1-out',
    });
    // Entered on the 5th at 22:30 Toronto, closed after midnight: the exit dates it.
    expect(byPosition.P4).toMatchObject({ trade_date: '2026-01-06', session: 'Asian Range' });
    expect(byPosition.P3.session).toBe('London');
    expect(byPosition.P7.session).toBe('After Hours');
    const [m1, m2] = manualIds;
    expect(byPosition[m1!]).toMatchObject({
      instrument: 'XAUUSD',
      side: 'sell',
      session: 'Premarket',
      manual: true,
      source: 'manual',
      account_label: 'Manual',
      account_id: 'label:Manual',
    });
    expect(byPosition[m1!].manual_trade_id).toBe(Number(m1!.slice('manual-'.length)));
    // Without an exit time the exit is the entry.
    expect(byPosition[m2!]).toMatchObject({ exit_time: '2026-01-08T08:00:00.000Z', trade_date: '2026-01-08' });
  });

  it('[T55] offers the filter choices in meta', async () => {
    const { meta } = await history('per_page=1');
    expect([...meta.instruments].sort()).toEqual(['GER40', 'NAS100', 'US30', 'XAUUSD']);
    // The broker's "market" and a manual "Market" are one type, offered once.
    expect([...meta.types].sort()).toEqual(['Limit', 'Market', 'Stop']);
    expect([...meta.sides].sort()).toEqual(['buy', 'sell']);
    expect(meta.accounts).toEqual([
      { id: accountId, label: 'Apex Live' },
      { id: 'label:Manual', label: 'Manual' },
      { id: 'label:Prop Challenge', label: 'Prop Challenge' },
    ]);
  });

  it('filters by instrument anywhere in the symbol, case-insensitively', async () => {
    const [, , m3] = manualIds;
    expect(positions(await history('instrument=nas'))).toEqual(['P7', m3, 'P5', 'P2', 'P1']);
    // "us" is in US30 and in XAUUSD.
    const us = await history('instrument=us');
    expect(positions(us)).toEqual(['P6', manualIds[0], 'P3', 'P4']);
    expect(us.meta.total).toBe(4);
    const none = await history('instrument=zzz');
    expect(none.data).toEqual([]);
    expect(none.meta).toMatchObject({ total: 0, total_pages: 1, count: 0 });
  });

  it('filters by side, type (any case) and account', async () => {
    expect(positions(await history('side=SELL'))).toEqual(['P6', manualIds[0], 'P4', 'P2']);
    for (const type of ['market', 'Market', 'MARKET']) {
      expect(positions(await history(`type=${type}`))).toEqual(['P6', 'P5', manualIds[0], 'P3', 'P1']);
    }
    expect((await history(`account_id=${accountId}`)).meta.total).toBe(7);
    expect(positions(await history('account_id=label:Manual'))).toEqual([manualIds[2], manualIds[0]]);
    expect(positions(await history(`account_id=${encodeURIComponent('label:Prop Challenge')}`))).toEqual([manualIds[1]]);
    expect((await history('account_id=00000000-0000-4000-8000-000000000000')).meta.total).toBe(0);
  });

  it('filters entry dates as whole Toronto days, both ends included', async () => {
    // P4 entered at 03:30 UTC on the 6th, which is still the 5th in Toronto.
    expect(positions(await history('entry_from=2026-01-05&entry_to=2026-01-05'))).toEqual(['P4', 'P2', 'P1']);
    expect(positions(await history('entry_from=2026-01-06&entry_to=2026-01-07'))).toEqual(['P5', manualIds[0], 'P3']);
    expect(positions(await history('instrument=nas&side=buy&entry_from=2026-01-07'))).toEqual(['P7', manualIds[2], 'P5']);
  });

  it("filters by a journal tag in any case, and follows the member's later retagging", async () => {
    const { data } = await history('per_page=50');
    const byPosition = Object.fromEntries(data.map((trade: { position_id: string | null; id: string; trade_date: string }) => [trade.position_id ?? trade.id, trade]));
    const tag = async (position: string, labels: string[]) => {
      const trade = byPosition[position];
      const res = await t.call('PUT', `/api/journals/days/${trade.trade_date}/trades/${trade.id}`, { token, body: { labels } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await tag('P1', ['FOMO entry', 'A+ setup']);
    await tag('P5', ['fomo entry']);
    await t.call('PUT', '/api/journals/days/2026-01-05', { token, body: { tags: ['Tired', 'FOMO entry'] } });
    expect(positions(await history('tag=Fomo%20Entry'))).toEqual(['P5', 'P1']);
    expect(positions(await history('tag=a%2B%20setup&side=buy'))).toEqual(['P1']);
    expect((await history('tag=nothing')).meta.total).toBe(0);

    // The kept answer for this filter follows the journal: untagging P5 drops it at once.
    await tag('P5', []);
    expect(positions(await history('tag=fomo%20entry'))).toEqual(['P1']);

    const tags = await t.call('GET', '/api/journals/tags', { token });
    expect(tags.json().data).toEqual([
      { tag: 'FOMO entry', trades: 1, days: 1 },
      { tag: 'A+ setup', trades: 1, days: 0 },
      { tag: 'Tired', trades: 0, days: 1 },
    ]);
    const stranger = await createMember(t.ctx);
    const strangerToken = await t.login(stranger.email, stranger.password);
    expect((await t.call('GET', '/api/journals/tags', { token: strangerToken })).json().data).toEqual([]);
    const theirs = await t.call('GET', '/api/trades/order-history?tag=fomo%20entry', { token: strangerToken });
    expect(theirs.json().meta.total).toBe(0);
  });

  it('[T94] answers the daily log shape: every trade closed within the Toronto day', async () => {
    const from = '2026-01-06T05:00:00.000Z';
    const to = '2026-01-07T04:59:59.999Z';
    const day = await history(`from=${from}&to=${to}&limit=500&per_page=500&page=1`);
    expect(positions(day)).toEqual(['P3', 'P4']);
    expect(day.meta).toMatchObject({ per_page: 500, total: 2 });
  });

  it('answers the TradeDesk shape with a limit', async () => {
    const desk = await history('limit=3&per_page=400&page=1');
    expect(desk.data).toHaveLength(3);
    expect(desk.meta).toMatchObject({ per_page: 3, total: 10, total_pages: 4 });
  });

  it('refuses bad dates and numbers with 422 and field errors', async () => {
    const cases: Array<[string, string]> = [
      ['entry_from=2026-02-30', 'entry_from'],
      ['entry_from=yesterday', 'entry_from'],
      ['entry_from=2026-01-09&entry_to=2026-01-05', 'entry_to'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['per_page=501', 'per_page'],
      ['side=long', 'side'],
      ['from=not-a-time', 'from'],
    ];
    for (const [query, field] of cases) {
      const res = await t.call('GET', `/api/trades/order-history?${query}`, { token });
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
  });

  it("never shows another member's trades", async () => {
    const other = await createMember(t.ctx);
    const otherToken = await t.login(other.email, other.password);
    const res = await t.call('GET', '/api/trades/order-history', { token: otherToken });
    expect(res.json()).toMatchObject({ data: [], meta: { total: 0, accounts: [], instruments: [] } });
    const filtered = await t.call('GET', `/api/trades/order-history?account_id=${accountId}`, { token: otherToken });
    expect(filtered.json().data).toEqual([]);
    const summaries = await t.call('GET', '/api/trades/day-summaries?from=2026-01-01&to=2026-01-31', { token: otherToken });
    expect(summaries.json().data).toEqual([]);
  });
});

describe('GET /api/trades/day-summaries', () => {
  it('totals every trade per Toronto trade date, beyond any page size', async () => {
    const res = await t.call('GET', '/api/trades/day-summaries?from=2026-01-01&to=2026-01-31', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { date: '2026-01-05', net: 75.25, trades: 2 },
      { date: '2026-01-06', net: 140.4, trades: 2 },
      { date: '2026-01-07', net: 200, trades: 2 },
      { date: '2026-01-08', net: -40, trades: 2 },
      { date: '2026-01-09', net: 20.75, trades: 2 },
    ]);
  });

  it('narrows to one account and to the range asked', async () => {
    const linked = await t.call('GET', `/api/trades/day-summaries?from=2026-01-07&to=2026-01-08&account_id=${accountId}`, { token });
    expect(linked.json().data).toEqual([
      { date: '2026-01-07', net: 0, trades: 1 },
      { date: '2026-01-08', net: -30, trades: 1 },
    ]);
  });

  it('refuses bad ranges', async () => {
    for (const query of ['from=2026-01-31&to=2026-01-01', 'from=2026-13-01&to=2026-12-31', 'from=2020-01-01&to=2026-01-01', 'to=2026-01-01']) {
      const res = await t.call('GET', `/api/trades/day-summaries?${query}`, { token });
      expect(res.statusCode, query).toBe(422);
    }
  });
});
