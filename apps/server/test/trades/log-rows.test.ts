import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { sessionLabelFor } from '@th/domain';
import { OrderHistoryResponse, type Trade } from '@th/contracts';
import { journalTradeEntries, trades } from '../../src/db/schema/index.ts';
import { uncachedOrderHistory } from '../../src/modules/trades/order-history.ts';
import { publicTradeId, type TradeRow } from '../../src/modules/trades/present.ts';
import { LABEL_ACCOUNT_PREFIX } from '../../src/modules/trades/account-filter.ts';
import { signedInMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { linkAccount } from './fixtures.ts';

/**
 * The trade log reads its trades as arrays, their times as epoch milliseconds from PostgreSQL.
 * Its answer must be byte for byte what it was when each trade was read whole by drizzle, its
 * times parsed into Dates and turned back into ISO text: `before` is that presentation as it was
 * (toTrade before the log read its rows as arrays), applied to rows read as they were.
 */
function before(row: TradeRow): Trade {
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  const manual = row.source === 'manual';
  const entry = iso(row.entryTime);
  const exit = iso(row.exitTime);
  return {
    id: publicTradeId(row),
    exit_order_id: row.exitOrderId,
    entry_order_id: row.entryOrderId,
    position_id: row.brokerPositionId,
    instrument: row.instrument,
    bot_label: row.botLabel,
    side: row.side,
    type: row.type,
    quantity: row.quantity,
    entry_time: entry,
    exit_time: exit,
    entry_price: row.entryPrice,
    exit_price: row.exitPrice,
    stop_loss: row.stopLoss ?? row.stopPrice,
    take_profit: row.takeProfit,
    fee: row.fee,
    swap: row.swap,
    gross_pnl: row.grossPnl,
    net_pnl: row.netPnl,
    notes: row.notes,
    source: row.source === 'paper' ? 'bot' : row.source,
    manual,
    manual_trade_id: manual ? row.id : null,
    account: { label: row.accountLabel, identifier: row.accountIdentifier },
    account_id: row.tradingAccountId ?? `${LABEL_ACCOUNT_PREFIX}${row.accountLabel ?? ''}`,
    account_label: row.accountLabel,
    account_identifier: row.accountIdentifier,
    trade_date: row.tradeDate,
    session: sessionLabelFor(entry, exit),
  };
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
    for (const query of ['per_page=50', `per_page=50&playbook=${playbookId}`, 'tag=every%20shape&per_page=50']) {
      const res = await t.call('GET', `/api/trades/order-history?${query}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      const meta = res.json().meta;
      expect(res.body, query).toBe(JSON.stringify(z.encode(OrderHistoryResponse, { data: want, meta })));
    }
    // Read straight from the database (the CSV export's page), not kept.
    expect((await uncachedOrderHistory(t.ctx, member.id, { per_page: 50 })).data).toEqual(want);
  });
});
