/**
 * The report rollups (report_days, report_months) stay equal to a rebuild from the trades
 * after every kind of write (sync inserts and updates, an unchanged re-sync, manual trades,
 * CSV import, AlphaORB paper and bot trades, deletes, a removed account, two writers at once),
 * and the report read from them equals the same figures computed from the trades table.
 */
import { sql } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionLabelAt, TRADE_TIME_ZONE, TRADING_SESSIONS } from '@th/domain';
import { installDomainSql } from '../../src/db/domain-sql.ts';
import type { BreakdownRow, PerformanceReport } from '@th/contracts';
import { tradingAccounts } from '../../src/db/schema/index.ts';
import type { Executor } from '../../src/db/client.ts';
import { recordBotTrade, upsertSyncedTrades, type SyncedTradeInput } from '../../src/modules/trades/index.ts';
import { rowsOf } from '../../src/db/rows.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let token: string;
let memberId: string;
let accountId: string;

const position = (id: string, instrument: string, side: 'buy' | 'sell', entry: string | null, exit: string | null, net: string) =>
  ({ brokerPositionId: id, instrument, side, type: 'market', quantity: '1', entryTime: entry, exitTime: exit, entryPrice: '100', exitPrice: '101', stopLoss: '98', netPnl: net }) satisfies SyncedTradeInput;

// January to March 2026 (Toronto UTC−5, −4 from March 8): streaks across days, a flat, whole
// and partial months, and a position without times (no trade date).
const POSITIONS = [
  position('P1', 'NAS100', 'buy', '2026-01-05T14:35:00Z', '2026-01-05T14:50:00Z', '100'),
  position('P2', 'NAS100', 'sell', '2026-01-05T20:00:00Z', '2026-01-05T20:30:00Z', '50'),
  position('P3', 'US30', 'buy', '2026-01-06T15:00:00Z', '2026-01-06T15:10:00Z', '20'),
  position('P4', 'US30', 'sell', '2026-01-06T16:00:00Z', '2026-01-06T16:20:00Z', '0'),
  position('P5', 'XAUUSD', 'buy', '2026-01-20T15:00:00Z', '2026-01-20T15:30:00Z', '-40'),
  position('P6', 'XAUUSD', 'sell', '2026-01-31T15:00:00Z', '2026-01-31T15:40:00Z', '-10'),
  position('P7', 'NAS100', 'buy', '2026-02-02T15:00:00Z', '2026-02-02T15:20:00Z', '30'),
  position('P8', 'GER40', 'sell', '2026-02-17T08:00:00Z', '2026-02-17T09:00:00Z', '-25'),
  position('P9', 'NAS100', 'buy', '2026-03-02T15:00:00Z', '2026-03-02T15:20:00Z', '60'),
  position('P10', 'NAS100', 'sell', '2026-03-16T14:00:00Z', '2026-03-16T14:30:00Z', '-35'),
  position('P11', 'US30', 'buy', '2026-03-31T22:00:00Z', '2026-03-31T23:30:00Z', '15'),
  position('P12', 'NAS100', 'buy', null, null, '5'),
];

const sync = (positions: SyncedTradeInput[], db: Executor = t.ctx.db) =>
  upsertSyncedTrades(db, { userId: memberId, tradingAccountId: accountId, accountLabel: 'Apex Live', accountIdentifier: '3001', trades: positions });

async function rollupsOf(db: Executor) {
  const days = await db.execute(sql`select * from report_days where user_id = ${memberId} order by trade_date nulls last, account_key`);
  const months = await db.execute(
    sql`select * from report_months where user_id = ${memberId} order by month nulls last, account_key, dim, key`,
  );
  return { days: rowsOf(days), months: rowsOf(months) };
}

/** The member's rollups rebuilt from nothing, in a transaction rolled back after reading them. */
async function rebuiltRollups() {
  let rebuilt: Awaited<ReturnType<typeof rollupsOf>> | undefined;
  await t.ctx.db
    .transaction(async (tx) => {
      await tx.execute(sql`delete from report_days where user_id = ${memberId}`);
      await tx.execute(sql`delete from report_months where user_id = ${memberId}`);
      await tx.execute(sql`select report_rollup_rebuild(array_agg(user_id), array_agg(trade_date))
        from (select distinct user_id, trade_date from trades where user_id = ${memberId} and source <> 'bot') c`);
      rebuilt = await rollupsOf(tx);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return rebuilt!;
}

async function report(query: string): Promise<PerformanceReport> {
  const res = await t.call('GET', `/api/reports/performance${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const LOCAL = "(coalesce(entry_time, exit_time) at time zone 'America/Toronto')";
const MINUTE = `(extract(hour from ${LOCAL}) * 60 + extract(minute from ${LOCAL}))`;
const SESSION = `case ${TRADING_SESSIONS.map((s) => {
  const [from, last] = [s.start.hour * 60 + s.start.minute, s.last.hour * 60 + s.last.minute];
  const inside = from <= last ? `${MINUTE} between ${from} and ${last}` : `(${MINUTE} >= ${from} or ${MINUTE} <= ${last})`;
  return `when ${inside} then '${s.label}'`;
}).join(' ')} end`;
const POINT_VALUE = "case instrument when 'XAUUSD' then 100 when 'NAS100' then 1 when 'US30' then 1 when 'GER40' then 1 end";
const R = `case when rr is not null then rr
  when risk_amount is not null and risk_amount <> 0 then net_pnl / abs(risk_amount)
  when entry_price <> coalesce(stop_loss, stop_price) and quantity <> 0 and coalesce(value_per_point, contract_size, ${POINT_VALUE}) <> 0
    then net_pnl / (abs(entry_price - coalesce(stop_loss, stop_price)) * abs(quantity) * coalesce(value_per_point, contract_size, ${POINT_VALUE})) end`;

/** The report's figures computed trade by trade from the trades table. */
async function fromTrades(where: string) {
  const scope = `user_id = $1 and source <> 'bot' and net_pnl is not null and ${where}`;
  const query = <T>(text: string) => t.ctx.database.query<T>(text, [memberId]);
  const [sequence] = await query<Record<string, string | number | null>>(`with
    o as (select net_pnl as net, sign(net_pnl)::int as sg, row_number() over w as rn, sum(net_pnl) over w as equity
          from trades where ${scope} window w as (order by coalesce(exit_time, entry_time), id)),
    p as (select sg, rn, greatest(0, max(equity) over (order by rn)) - equity as fall,
            rn - row_number() over (partition by sg order by rn) as island from o),
    runs as (select sg, count(*)::int as length, max(rn) as last_rn from p where sg <> 0 group by sg, island)
    select (select count(*)::int from o) as trades, (select count(*)::int from o where sg > 0) as wins,
      (select count(*)::int from o where sg < 0) as losses, (select coalesce(sum(net), 0)::numeric(14,2)::text from o) as net,
      (select coalesce(max(fall), 0)::numeric(14,2)::text from p) as max_drawdown,
      (select coalesce(max(length), 0) from runs where sg = 1) as longest_win,
      (select coalesce(max(length), 0) from runs where sg = -1) as longest_loss,
      (select sg from o order by rn desc limit 1) as last_sign,
      (select length from runs where last_rn = (select max(rn) from o)) as current_length,
      (select round(avg(${R}), 2)::float8 from trades where ${scope}) as average_r,
      (select count(${R})::int from trades where ${scope}) as trades_with_risk`);
  const curve = await query<{ date: string; net: string; trades: number }>(
    `select trade_date::text as date, sum(net_pnl)::numeric(14,2)::text as net, count(*)::int as trades
     from trades where ${scope} and trade_date is not null group by 1 order by 1`,
  );
  const groups = async (expr: string) =>
    (
      await query<{ key: string; trades: number; net: string }>(
        `select key, count(*)::int as trades, sum(net_pnl)::numeric(14,2)::text as net
         from (select (${expr})::text as key, net_pnl from trades where ${scope}) g
         where key is not null group by key`,
      )
    )
      .map((row) => ({ key: row.key, trades: row.trades, net: Number(row.net) }))
      .sort((a, b) => a.key.localeCompare(b.key));
  const lastSign = Number(sequence!.last_sign ?? 0);
  return {
    totals: {
      trades: sequence!.trades,
      wins: sequence!.wins,
      losses: sequence!.losses,
      net: Number(sequence!.net),
      max_drawdown: Number(sequence!.max_drawdown),
      longest_win_streak: Number(sequence!.longest_win),
      longest_loss_streak: Number(sequence!.longest_loss),
      current_streak: { kind: lastSign > 0 ? 'win' : lastSign < 0 ? 'loss' : 'none', length: lastSign === 0 ? 0 : Number(sequence!.current_length) },
      trading_days: curve.length,
      average_r: sequence!.average_r,
      trades_with_risk: sequence!.trades_with_risk,
    },
    curve: curve.map((day) => [day.date, Number(day.net), day.trades]),
    instrument: await groups('instrument'),
    direction: await groups('side'),
    weekday: await groups(`extract(isodow from ${LOCAL})::int`),
    hour: await groups(`extract(hour from ${LOCAL})::int`),
    session: await groups(SESSION),
  };
}

const simplified = (rows: readonly BreakdownRow[]) =>
  rows.map((row) => ({ key: row.key, trades: row.trades, net: row.net })).sort((a, b) => a.key.localeCompare(b.key));

/** Rollups equal to a rebuild, and every scope's report equal to the trade-by-trade figures. */
async function expectConsistent() {
  expect(await rollupsOf(t.ctx.db)).toEqual(await rebuiltRollups());
  const scopes: [string, string][] = [
    ['', 'true'],
    ['?from=2026-01-06&to=2026-03-10', "trade_date between '2026-01-06' and '2026-03-10'"],
    ['?from=2026-02-01', "trade_date >= '2026-02-01'"],
    ['?to=2026-01-31', "trade_date <= '2026-01-31'"],
    [`?account_id=${accountId}`, `trading_account_id = '${accountId}'`],
    ['?account_id=label%3AProp', "trading_account_id is null and account_label = 'Prop'"],
  ];
  for (const [query, where] of scopes) {
    const { totals, curve, breakdowns } = await report(query);
    const expected = await fromTrades(where);
    expect(totals, query).toMatchObject(expected.totals);
    expect(curve.map((point) => [point.date, point.net, point.trades]), query).toEqual(expected.curve);
    for (const dim of ['instrument', 'direction', 'weekday', 'hour', 'session'] as const) {
      expect(simplified(breakdowns[dim]), `${query} ${dim}`).toEqual(expected[dim]);
    }
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const member = await createMember(t.ctx);
  memberId = member.id;
  token = await t.login(member.email, member.password);
  const [account] = await t.ctx.db
    .insert(tradingAccounts)
    .values({ userId: member.id, environment: 'live', brokerAccountId: '3001', accNum: '3001', name: 'Apex Live' })
    .returning();
  accountId = account!.id;
});
afterAll(() => t.close());

describe('report rollups', () => {
  it('follow a first sync, including a position without times', async () => {
    expect(await sync(POSITIONS)).toMatchObject({ inserted: 12 });
    await expectConsistent();
    expect((await report('')).totals).toMatchObject({ trades: 12, longest_win_streak: 3 });
  });

  it('follow manual trades between synced ones', async () => {
    for (const [entry, exit, net] of [
      ['2026-01-05T18:00:00Z', '2026-01-05T18:30:00Z', '-30'],
      ['2026-02-02T16:00:00Z', '2026-02-02T16:10:00Z', '45'],
    ]) {
      const body = { instrument: 'NAS100', side: 'BUY', entry_time: entry, exit_time: exit, net_pnl: net, account_label: 'Prop' };
      expect((await t.call('POST', '/api/trades/manual', { token, body })).statusCode).toBe(201);
    }
    await expectConsistent();
  });

  it('follow a re-sync that changes a result and moves a trade to another month, and ignore an unchanged one', async () => {
    const changed = [
      { ...POSITIONS[2]!, netPnl: '-20' },
      { ...POSITIONS[6]!, exitTime: '2026-03-03T15:20:00Z' },
      position('P13', 'NAS100', 'buy', '2026-01-05T21:00:00Z', '2026-01-05T21:10:00Z', '10'),
    ];
    expect(await sync(changed)).toMatchObject({ inserted: 1, updated: 2 });
    await expectConsistent();
    const before = await rollupsOf(t.ctx.db);
    expect(await sync(changed)).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect(await rollupsOf(t.ctx.db)).toEqual(before);
  });

  it('follow a CSV import', async () => {
    const csv = [
      'instrument,side,entry_time,exit_time,quantity,entry_price,exit_price,stop_loss,net_pnl,account',
      'NAS100,buy,2026-01-20 09:40,2026-01-20 09:55,1,21000,21010,20990,10,Prop',
      'US30,sell,2026-02-17 10:00,2026-02-17 10:30,2,44000,43990,,12.5,Prop',
    ].join('\n');
    expect((await t.call('POST', '/api/trades/import', { token, body: { csv } })).statusCode).toBe(200);
    await expectConsistent();
  });

  it('count AlphaORB paper trades and leave live bot runs out', async () => {
    const leg = { userId: memberId, botId: 'bot-1', botLabel: 'ORB NAS', instrument: 'NAS100', side: 'buy' as const, quantity: '1', orbStart: '09:30', orbRangeMinutes: 15 };
    await recordBotTrade(t.ctx.db, { ...leg, botRunId: 'run-1', leg: 1, entryTime: '2026-02-10T14:45:00Z', exitTime: '2026-02-10T15:00:00Z', entryPrice: '21000', stopPrice: '20980', pnl: '40', orderStatus: 'paper' });
    await recordBotTrade(t.ctx.db, { ...leg, botRunId: 'run-1', leg: 2, entryTime: '2026-02-10T15:30:00Z', exitTime: '2026-02-10T15:45:00Z', riskAmount: '50', pnl: '-25', orderStatus: 'paper' });
    const live = await report('');
    await recordBotTrade(t.ctx.db, { ...leg, botRunId: 'run-2', leg: 1, entryTime: '2026-02-11T14:45:00Z', exitTime: '2026-02-11T15:00:00Z', pnl: '99' });
    expect((await report('')).totals).toEqual(live.totals);
    // R: 40 ÷ (|21000 − 20980| × 1 × 1) = 2 and −25 ÷ 50 = −0.5.
    expect((await report('?account_id=label%3AORB%20NAS')).totals).toMatchObject({ trades: 2, net: 15, average_r: 0.75, trades_with_risk: 2 });
    await expectConsistent();
  });

  it('follow deleting a manual trade and removing the linked account', async () => {
    const [manual] = await t.ctx.database.query<{ id: number }>(
      "select id from trades where user_id = $1 and source = 'manual' and trade_date = '2026-01-05'",
      [memberId],
    );
    expect((await t.call('DELETE', `/api/trades/manual/${manual!.id}`, { token })).statusCode).toBe(200);
    await expectConsistent();
    expect((await t.call('DELETE', `/api/trading-accounts/${accountId}`, { token })).statusCode).toBe(200);
    await expectConsistent();
    const days = await t.ctx.database.query<{ n: number }>(
      'select count(*)::int as n from report_days where user_id = $1 and account_key = $2',
      [memberId, accountId],
    );
    expect(days[0]!.n).toBe(0);
  });

  it('stay whole when two writers add trades to the same day at once', async () => {
    if (t.ctx.database.kind !== 'postgres') return; // PGlite has one connection: writers never overlap
    const [account] = await t.ctx.db
      .insert(tradingAccounts)
      .values({ userId: memberId, environment: 'live', brokerAccountId: '3002', accNum: '3002', name: 'Apex Two' })
      .returning();
    accountId = account!.id;
    let release!: () => void;
    let written!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const firstWrote = new Promise<void>((resolve) => (written = resolve));
    const first = t.ctx.db.transaction(async (tx) => {
      await sync([position('C1', 'NAS100', 'buy', '2026-03-20T14:00:00Z', '2026-03-20T14:10:00Z', '11')], tx);
      written();
      await held;
    });
    await firstWrote;
    const second = sync([position('C2', 'NAS100', 'sell', '2026-03-20T15:00:00Z', '2026-03-20T15:10:00Z', '-7')]);
    // The second writer's rebuild waits for the first transaction to end.
    setTimeout(release, 300);
    await Promise.all([first, second]);
    await expectConsistent();
  });
});

describe('trade_report_facts', () => {
  it('puts every minute of the Toronto day in the session of the shared table', async () => {
    const rows = await t.ctx.database.query<{ at: string; session: string }>(
      `select to_json(t.entry_time) #>> '{}' as at, f.session
       from generate_series(0, 1439) m
       cross join lateral (select (timestamp '2026-01-05 00:00' + m * interval '1 minute') at time zone 'America/Toronto' as entry_time) t
       cross join lateral trade_report_facts(jsonb_populate_record(null::trades, jsonb_build_object('entry_time', t.entry_time))) f`,
    );
    expect(rows).toHaveLength(1440);
    expect(rows.filter((row) => row.session !== sessionLabelAt(new Date(row.at).toISOString()))).toEqual([]);
  });

  it('takes its zone and sessions from @th/domain: an older definition is replaced at boot and every rollup rebuilt', async () => {
    // The account of the tests above was removed with its trades: link it again and sync.
    const [account] = await t.ctx.db
      .insert(tradingAccounts)
      .values({ userId: memberId, environment: 'live', brokerAccountId: '3099', accNum: '3099', name: 'Apex Relinked' })
      .returning();
    accountId = account!.id;
    await sync(POSITIONS);
    const exec = (text: string) => t.ctx.database.exec(text);
    // A database left by a version with other session bounds: its rollups hold those groups.
    await exec(`create or replace function domain_sql_digest() returns text language sql immutable as $$ select 'older' $$;
      update report_months set trades = 999 where user_id = '${memberId}'`);
    expect(await installDomainSql(exec)).toBe(true);
    expect(await rollupsOf(t.ctx.db)).toEqual(await rebuiltRollups());
    expect((await rollupsOf(t.ctx.db)).months.some((row) => (row as { trades: number }).trades === 999)).toBe(false);
    const [zone] = await t.ctx.database.query<{ zone: string }>('select trade_time_zone() as zone');
    expect(zone!.zone).toBe(TRADE_TIME_ZONE);
    // The current definition is installed once: the next boot leaves the rollups alone.
    expect(await installDomainSql(exec)).toBe(false);
  });
});
