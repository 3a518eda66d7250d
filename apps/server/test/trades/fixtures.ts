import type { AppContext } from '../../src/context.ts';
import { tradingAccounts } from '../../src/db/schema/index.ts';
import { upsertSyncedTrades, type SyncedTradeInput } from '../../src/modules/trades/index.ts';
import type { TestApp } from '../support/test-app.ts';

/** A linked account for a member, as the broker link would create it. */
export async function linkAccount(ctx: AppContext, userId: string, name = 'Apex Live', number = '1001') {
  const [row] = await ctx.db
    .insert(tradingAccounts)
    .values({ userId, environment: 'live', brokerAccountId: number, accNum: number, name })
    .returning();
  return row!;
}

const synced = (
  positionId: string,
  instrument: string,
  side: 'buy' | 'sell',
  type: string,
  entryTime: string,
  exitTime: string,
  netPnl: string,
): SyncedTradeInput => ({
  brokerPositionId: positionId,
  entryOrderId: `${positionId}-in`,
  exitOrderId: `${positionId}-out`,
  instrument,
  side,
  type,
  quantity: '1.5',
  entryTime,
  exitTime,
  entryPrice: '21000.25',
  exitPrice: '21010.5',
  fee: '1.2',
  swap: '0',
  grossPnl: netPnl,
  netPnl,
});

/**
 * Seven synced trades and three manual ones in the week of 5 January 2026 (Toronto is UTC−5).
 * The tests' expectations are worked out by hand from this table.
 */
export const SYNCED = [
  synced('P1', 'NAS100', 'buy', 'market', '2026-01-05T14:35:00Z', '2026-01-05T14:50:00Z', '120.50'),
  synced('P2', 'NAS100', 'sell', 'limit', '2026-01-05T15:10:00Z', '2026-01-05T15:40:00Z', '-45.25'),
  synced('P3', 'US30', 'buy', 'market', '2026-01-06T07:00:00Z', '2026-01-06T07:30:00Z', '80'),
  // Entered 22:30 on the 5th in Toronto (Asian Range), closed 00:10 on the 6th: dated the 6th.
  synced('P4', 'XAUUSD', 'sell', 'stop', '2026-01-06T03:30:00Z', '2026-01-06T05:10:00Z', '60.40'),
  synced('P5', 'NAS100', 'buy', 'Market', '2026-01-07T14:31:00Z', '2026-01-07T16:00:00Z', '0'),
  synced('P6', 'US30', 'sell', 'market', '2026-01-08T15:00:00Z', '2026-01-08T15:20:00Z', '-30'),
  synced('P7', 'NAS100', 'buy', 'limit', '2026-01-09T21:30:00Z', '2026-01-09T22:00:00Z', '15.75'),
];

export const MANUAL = [
  {
    instrument: 'xauusd',
    side: 'SELL',
    type: 'Market',
    quantity: '0.5',
    entry_time: '2026-01-07T13:45:00Z',
    exit_time: '2026-01-07T14:05:00Z',
    entry_price: '2650.1',
    exit_price: '2646.1',
    net_pnl: '200',
  },
  {
    instrument: 'GER40',
    side: 'BUY',
    type: 'Limit',
    quantity: 2,
    entry_time: '2026-01-08T08:00:00Z',
    net_pnl: -10,
    account_label: 'Prop Challenge',
  },
  { instrument: 'NAS100', side: 'BUY', entry_time: '2026-01-09T14:40:00Z', exit_time: '2026-01-09T14:45:00Z', net_pnl: '5' },
];

/** Seeds the week for a member and answers the ids the tests refer to. */
export async function seedWeek(t: TestApp, member: { id: string }, token: string) {
  const account = await linkAccount(t.ctx, member.id);
  await upsertSyncedTrades(t.ctx.db, {
    userId: member.id,
    tradingAccountId: account.id,
    accountLabel: 'Apex Live',
    accountIdentifier: 'L#1001',
    trades: SYNCED,
  });
  const manualIds: string[] = [];
  for (const body of MANUAL) {
    const res = await t.call('POST', '/api/trades/manual', { token, body });
    if (res.statusCode !== 201) throw new Error(`manual trade: ${res.statusCode} ${res.body}`);
    manualIds.push(res.json().data.id);
  }
  return { account, manualIds };
}
