import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BreakdownRow, PerformanceReport } from '@th/contracts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { seedJanuary } from './fixtures.ts';

let t: TestApp;
let token: string;
let memberId: string;
let accountId: string;

async function report(query = ''): Promise<PerformanceReport> {
  const res = await t.call('GET', `/api/reports/performance${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Independent SQL: trades, wins and net per group, straight from the table. */
async function sqlGroups(groupExpr: string, extraWhere = 'true') {
  const rows = await t.ctx.database.query<{ key: string; trades: number; wins: number; net: string }>(
    `select ${groupExpr} as key, count(*)::int as trades, count(*) filter (where net_pnl > 0)::int as wins,
       sum(net_pnl)::numeric(14,2)::text as net
     from trades where user_id = $1 and source <> 'bot' and net_pnl is not null and ${extraWhere}
     group by 1 order by 1`,
    [memberId],
  );
  return rows.map((row) => ({ key: String(row.key), trades: row.trades, wins: row.wins, net: Number(row.net) }));
}

const simplified = (rows: readonly BreakdownRow[]) =>
  rows.map((row) => ({ key: row.key, trades: row.trades, wins: row.wins, net: row.net })).sort((a, b) => a.key.localeCompare(b.key));

beforeAll(async () => {
  t = await createTestApp();
  const member = await createMember(t.ctx);
  memberId = member.id;
  token = await t.login(member.email, member.password);
  ({ accountId } = await seedJanuary(t, member, token));
  // Journal two trades: the Jan 5 win with the plan ticked, the Jan 8 loss without it.
  const day5 = (await t.call('GET', '/api/trades/order-history?entry_from=2026-01-05&entry_to=2026-01-05&side=buy&instrument=NAS', { token })).json();
  const day8 = (await t.call('GET', '/api/trades/order-history?entry_from=2026-01-08&entry_to=2026-01-08', { token })).json();
  const put = (date: string, id: string, planAligned: boolean, before: string, labels: string[]) =>
    t.call('PUT', `/api/journals/days/${date}/trades/${id}`, {
      token,
      body: { emotions: { before, during: null, after: null }, checklist: { planAligned, riskManaged: true, scalingRules: false }, labels },
    });
  expect((await put('2026-01-05', day5.data[0].id, true, 'Calm', ['A+ setup'])).statusCode).toBe(200);
  expect((await put('2026-01-08', day8.data[0].id, false, 'Frustrated', ['Revenge'])).statusCode).toBe(200);
  const tags = await t.call('PUT', '/api/journals/days/2026-01-05', { token, body: { tags: ['FOMC week'] } });
  expect(tags.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET /api/reports/performance', () => {
  it('requires authentication', async () => {
    expect((await t.call('GET', '/api/reports/performance')).statusCode).toBe(401);
  });

  it('answers the hand-computed totals for all time', async () => {
    const { totals } = await report();
    expect(totals).toMatchObject({
      trades: 9,
      wins: 5,
      losses: 3,
      flats: 1,
      net: 391.4,
      gross_win: 476.65,
      gross_loss: 85.25,
      win_rate: 55.6,
      profit_factor: 5.59,
      expectancy: 43.49,
      average_win: 95.33,
      average_loss: -28.42,
      largest_win: 200,
      largest_loss: -45.25,
      average_r: 1.51,
      trades_with_risk: 2,
      max_drawdown: 45.25,
      longest_win_streak: 2,
      longest_loss_streak: 1,
      current_streak: { kind: 'win', length: 1 },
      trading_days: 6,
      first_trade_date: '2026-01-05',
      last_trade_date: '2026-01-12',
    });
  });

  it('draws the equity and drawdown curve one point per trading day', async () => {
    const { curve } = await report();
    expect(curve.map((p) => [p.date, p.net, p.trades, p.equity, p.drawdown])).toEqual([
      ['2026-01-05', 75.25, 2, 75.25, 0],
      ['2026-01-06', 140.4, 2, 215.65, 0],
      ['2026-01-07', 0, 1, 215.65, 0],
      ['2026-01-08', -30, 1, 185.65, -30],
      ['2026-01-09', 15.75, 1, 201.4, -14.25],
      ['2026-01-12', 190, 2, 391.4, 0],
    ]);
  });

  it('groups by instrument, weekday, hour, direction and session exactly as SQL over the table does', async () => {
    const { breakdowns } = await report();
    const local = "(coalesce(entry_time, exit_time) at time zone 'America/Toronto')";
    expect(simplified(breakdowns.instrument)).toEqual(await sqlGroups('instrument'));
    expect(simplified(breakdowns.direction)).toEqual(await sqlGroups('side'));
    expect(simplified(breakdowns.weekday)).toEqual(await sqlGroups(`extract(isodow from ${local})::int::text`));
    expect(simplified(breakdowns.hour)).toEqual(await sqlGroups(`extract(hour from ${local})::int::text`));
    // Sessions by clock text, the way the §4.4 table reads.
    const hhmm = `to_char(${local}, 'HH24:MI')`;
    const session = `case when ${hhmm} >= '19:00' or ${hhmm} <= '00:59' then 'Asian Range'
      when ${hhmm} <= '03:59' then 'London' when ${hhmm} <= '08:39' then 'Early Premarket'
      when ${hhmm} <= '09:29' then 'Premarket' when ${hhmm} <= '15:59' then 'New York' else 'After Hours' end`;
    expect(simplified(breakdowns.session)).toEqual(await sqlGroups(session));
    expect(breakdowns.session.map((row) => row.label)).toEqual(['Asian Range', 'London', 'New York', 'After Hours']);
    expect(breakdowns.weekday.map((row) => row.label)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(breakdowns.direction.map((row) => [row.label, row.trades])).toEqual([
      ['Long', 5],
      ['Short', 4],
    ]);
  });

  it('splits the checklist, emotions and tags by what the journal says', async () => {
    const { breakdowns } = await report();
    const plan = Object.fromEntries(breakdowns.plan_aligned.map((row) => [row.label, [row.trades, row.win_rate, row.net]]));
    expect(plan).toEqual({ Ticked: [1, 100, 120.5], 'Not ticked': [1, 0, -30], 'Not journaled': [7, 57.1, 300.9] });
    const journaled = await t.ctx.database.query<{ plan: boolean; trades: number; net: string }>(
      `select (e.checklist ->> 'planAligned')::boolean as plan, count(*)::int as trades, sum(t.net_pnl)::text as net
       from trades t join journal_trade_entries e on e.trade_id = t.id and e.user_id = t.user_id
       where t.user_id = $1 group by 1 order by 1`,
      [memberId],
    );
    expect(journaled.map((row) => [row.plan, row.trades, Number(row.net)])).toEqual([
      [false, 1, -30],
      [true, 1, 120.5],
    ]);
    expect(breakdowns.emotion_before.map((row) => [row.label, row.trades])).toEqual([
      ['Calm', 1],
      ['Frustrated', 1],
    ]);
    // Day tags cover every trade of the day; trade labels only their trade.
    expect(Object.fromEntries(breakdowns.tag.map((row) => [row.label, row.trades]))).toEqual({ 'FOMC week': 2, 'A+ setup': 1, Revenge: 1 });
  });

  it('filters by trade date and account', async () => {
    const week = await report('?from=2026-01-06&to=2026-01-08');
    expect(week.totals).toMatchObject({ trades: 4, net: 110.4, trading_days: 3 });
    const prop = await report('?account_id=label%3AProp');
    expect(prop.totals).toMatchObject({ trades: 2, net: 190, profit_factor: 20 });
    const linked = await report(`?account_id=${accountId}&to=2026-01-05`);
    expect(linked.totals).toMatchObject({ trades: 2, net: 75.25, max_drawdown: 45.25 });
  });

  it("shows nothing of another member's trades and handles an empty period", async () => {
    const other = await createMember(t.ctx);
    const otherToken = await t.login(other.email, other.password);
    const res = await t.call('GET', `/api/reports/performance?account_id=${accountId}`, { token: otherToken });
    const { totals, curve, breakdowns } = res.json().data as PerformanceReport;
    expect(totals).toMatchObject({ trades: 0, net: 0, win_rate: null, profit_factor: null, expectancy: null, max_drawdown: 0 });
    expect(curve).toEqual([]);
    expect(breakdowns.instrument).toEqual([]);
  });

  it('refuses a period that ends before it starts', async () => {
    const res = await t.call('GET', '/api/reports/performance?from=2026-02-01&to=2026-01-01', { token });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.to).toEqual(['The To date must be on or after the From date.']);
  });
});
