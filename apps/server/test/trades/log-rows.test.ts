import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { sessionLabelFor } from '@th/domain';
import { OrderHistoryResponse, type Trade } from '@th/contracts';
import { journalTradeEntries, trades } from '../../src/db/schema/index.ts';
import { uncachedOrderHistory } from '../../src/modules/trades/order-history.ts';
import { toTrade, type TradeRow } from '../../src/modules/trades/present.ts';
import { signedInMember } from '../support/members.ts';
import { createTestApp, secondInstance, type TestApp } from '../support/test-app.ts';
import { linkAccount } from './fixtures.ts';

/**
 * The trade log reads its trades as arrays, their times as epoch milliseconds from PostgreSQL.
 * Its answer must be byte for byte what it was when each trade was read whole by drizzle, its
 * times parsed into Dates and turned back into ISO text: `before` is a trade read whole and
 * presented by the app (`toTrade`), with what the arrays changed (its two times and the session
 * label worked out from them) written as it was, from the Dates' ISO text.
 */
function before(row: TradeRow): Trade {
  const entry = row.entryTime?.toISOString() ?? null;
  const exit = row.exitTime?.toISOString() ?? null;
  return { ...toTrade(row), entry_time: entry, exit_time: exit, session: sessionLabelFor(entry, exit) };
}

let t: TestApp;
let token: string;
let member: { id: string };
let playbookId: string;

const at = (text: string | null) => (text === null ? null : sql`${text}::timestamptz`);
const everyNumeric = (value: string | null) => ({
  quantity: value,
  entryPrice: value,
  exitPrice: value,
  stopLoss: value,
  takeProfit: value,
  fee: value,
  swap: value,
  grossPnl: value,
  netPnl: value,
});

/**
 * Trades of every shape the log shows: manual, synced (linked) and paper-bot; every nullable
 * column null; times on both of Toronto's 2026 offset changes (8 March 07:00 and 1 November
 * 06:00 UTC) either side of the change, with sub-millisecond digits (truncated, never rounded,
 * also before 1970), an entry time missing (the session then the exit's) or both; numerics
 * exact to many digits; notes of quotes, escapes, 3- and 4-byte characters.
 */
function shapes(userId: string, accountId: string) {
  const base = { userId, instrument: 'NAS100', side: 'buy' as const };
  const times: Array<[string | null, string | null]> = [
    ['2026-03-08 06:59:59.999999+00', '2026-03-08 07:00:00.000001+00'],
    // After each change the Toronto hour differs from the one before it: 04:00 and 03:30.
    ['2026-03-08 08:00:00.0005+00', '2026-03-08 08:30:00+00'],
    ['2026-11-01 05:59:59.9995+00', '2026-11-01 06:00:00.123456+00'],
    ['2026-11-01 08:30:00+00', '2026-11-01 08:59:59.999+00'],
    ['1969-12-31 23:59:59.999999+00', '1970-01-01 00:00:00.000999+00'],
    ['2026-01-05 04:59:59.5+00', '2026-01-05 05:00:00.25+00'],
    [null, '2026-07-01 13:29:59.9999+00'],
    [null, null],
  ];
  const rows = times.flatMap(([entry, exit], n) => [
    {
      ...base,
      source: 'manual' as const,
      type: 'Market',
      entryTime: at(entry),
      exitTime: at(exit),
      ...everyNumeric(n % 2 ? '21000.123456789012' : '-0.00000001'),
      notes: `Said "wait", \\ then\n\t🚀 ‘ok’ \u2028 #${n}`,
      accountLabel: n % 3 ? 'Apex' : null,
      accountIdentifier: n % 3 ? 'L#1' : null,
      tradeDate: n % 4 ? '2026-03-08' : null,
    },
    {
      ...base,
      source: 'linked' as const,
      side: 'sell' as const,
      tradingAccountId: accountId,
      brokerPositionId: `P${n}`,
      entryOrderId: `P${n}-in`,
      exitOrderId: `P${n}-out`,
      type: 'Limit',
      entryTime: at(entry),
      exitTime: at(exit),
      ...everyNumeric('1e3'),
      // Only the stop price: the log's stop loss falls back to it.
      stopLoss: null,
      stopPrice: '20990.5',
      accountLabel: 'Apex Live',
      accountIdentifier: '1001',
      tradeDate: '2026-11-01',
    },
    {
      ...base,
      source: 'paper' as const,
      botLabel: `ORB ${n}`,
      instrument: 'US30',
      entryTime: at(entry),
      exitTime: at(exit),
      ...everyNumeric(null),
      stopPrice: n % 2 ? '0' : null,
    },
  ]);
  // Every nullable column null.
  rows.push({ ...base, source: 'manual', entryTime: null, exitTime: null, ...everyNumeric(null) } as (typeof rows)[number]);
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await signedInMember(t);
  token = signedIn.token;
  member = signedIn;
  const account = await linkAccount(t.ctx, member.id);
  await t.ctx.db.insert(trades).values(shapes(member.id, account.id));
  const res = await t.call('POST', '/api/playbooks', { token, body: { name: 'every shape' } });
  expect(res.statusCode, res.body).toBe(201);
  playbookId = res.json().data.id;
  const ids = await t.ctx.db.select({ id: trades.id }).from(trades).where(eq(trades.userId, member.id));
  const empty = { session: null, marketCondition: null, news: null };
  await t.ctx.db.insert(journalTradeEntries).values(
    ids.map(({ id }) => ({
      userId: member.id,
      date: '2026-03-08',
      tradeId: id,
      context: empty,
      emotions: { before: null, during: null, after: null },
      checklist: { planAligned: false, riskManaged: false, scalingRules: false },
      labels: ['every shape'],
      playbookId: Number(playbookId),
    })),
  );
});
afterAll(() => t.close());

/** Every trade of the member in the log's order, read and presented as before. */
async function asBefore(): Promise<Trade[]> {
  const rows = await t.ctx.db
    .select()
    .from(trades)
    .where(eq(trades.userId, member.id))
    .orderBy(sql`${trades.entryTime} desc nulls last`, desc(trades.id));
  return rows.map(before);
}

describe('the trade log read as arrays', () => {
  it('answers every shape of trade exactly as the log did when drizzle read them whole', async () => {
    const want = await asBefore();
    expect(want).toHaveLength(25);
    // The moments the shapes hold, as the answer writes them.
    expect(want.map((trade) => trade.entry_time)).toContain('2026-03-08T06:59:59.999Z');
    expect(want.map((trade) => trade.entry_time)).toContain('1969-12-31T23:59:59.999Z');
    expect(want.find((trade) => trade.entry_time === '2026-03-08T08:00:00.000Z')!.session).toBe('Early Premarket');
    expect(want.find((trade) => trade.entry_time === '2026-11-01T08:30:00.000Z')!.session).toBe('London');
    expect(new Set(want.map((trade) => trade.session))).toEqual(
      new Set(['London', 'Early Premarket', 'Asian Range', 'After Hours', 'Premarket', null]),
    );
    // Each page on an instance of its own: one page's trades kept in memory would answer the
    // next, and the filtered pages would not read their rows (as arrays) at all.
    for (const query of ['per_page=50', `per_page=50&playbook=${playbookId}`, 'tag=every%20shape&per_page=50']) {
      const instance = await secondInstance(t);
      const res = await instance.call('GET', `/api/trades/order-history?${query}`, { token });
      await instance.close();
      expect(res.statusCode, res.body).toBe(200);
      const meta = res.json().meta;
      expect(res.body, query).toBe(JSON.stringify(z.encode(OrderHistoryResponse, { data: want, meta })));
    }
    // Read straight from the database (the CSV export's page), not kept.
    expect((await uncachedOrderHistory(t.ctx, member.id, { per_page: 50 })).data).toEqual(want);
  });
});
