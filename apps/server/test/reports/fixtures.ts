import { tradingAccounts } from '../../src/db/schema/index.ts';
import { upsertSyncedTrades, type SyncedTradeInput } from '../../src/modules/trades/index.ts';
import type { TestApp } from '../support/test-app.ts';

const synced = (
  id: string,
  instrument: string,
  side: 'buy' | 'sell',
  entryTime: string,
  exitTime: string,
  netPnl: string,
  risk: { entry: string; stop: string; quantity: string } | null = null,
): SyncedTradeInput => ({
  brokerPositionId: id,
  instrument,
  side,
  type: 'market',
  quantity: risk?.quantity ?? '1',
  entryTime,
  exitTime,
  entryPrice: risk?.entry ?? '100',
  exitPrice: '101',
  stopLoss: risk?.stop ?? null,
  netPnl,
});

/**
 * A member's January 2026 (Toronto is UTC−5), worked out by hand:
 *  Jan 5 Mon  NAS100 buy  09:35 NY       +120.50  (risk |21000−20990| × 2 × 1 = 20 → 6.025R)
 *  Jan 5 Mon  NAS100 sell 10:10 NY        −45.25
 *  Jan 6 Tue  US30   buy  02:00 London    +80
 *  Jan 6 Tue  XAUUSD sell 22:30 (5th) Asian, closed 00:10 on the 6th  +60.40
 *  Jan 7 Wed  NAS100 buy  09:31 NY          0     (flat)
 *  Jan 8 Thu  US30   sell 10:00 NY        −30    (risk |44000−44010| × 1 = 10 → −3R)
 *  Jan 9 Fri  NAS100 buy  16:30 After H.  +15.75
 * plus manual trades on a 'Prop' label: Jan 12 GER40 buy 03:00 −10; Jan 12 NAS100 sell 09:40 +200.
 * Net 391.40; wins 5 (gross 476.65), losses 3 (gross 85.25), flat 1.
 */
export const JANUARY = [
  synced('A1', 'NAS100', 'buy', '2026-01-05T14:35:00Z', '2026-01-05T14:50:00Z', '120.50', { entry: '21000', stop: '20990', quantity: '2' }),
  synced('A2', 'NAS100', 'sell', '2026-01-05T15:10:00Z', '2026-01-05T15:40:00Z', '-45.25'),
  synced('A3', 'US30', 'buy', '2026-01-06T07:00:00Z', '2026-01-06T07:30:00Z', '80'),
  synced('A4', 'XAUUSD', 'sell', '2026-01-06T03:30:00Z', '2026-01-06T05:10:00Z', '60.40'),
  synced('A5', 'NAS100', 'buy', '2026-01-07T14:31:00Z', '2026-01-07T16:00:00Z', '0'),
  synced('A6', 'US30', 'sell', '2026-01-08T15:00:00Z', '2026-01-08T15:20:00Z', '-30', { entry: '44000', stop: '44010', quantity: '1' }),
  synced('A7', 'NAS100', 'buy', '2026-01-09T21:30:00Z', '2026-01-09T22:00:00Z', '15.75'),
];

export const PROP_MANUAL = [
  { instrument: 'GER40', side: 'BUY', entry_time: '2026-01-12T08:00:00Z', exit_time: '2026-01-12T08:30:00Z', net_pnl: '-10', account_label: 'Prop' },
  { instrument: 'NAS100', side: 'SELL', entry_time: '2026-01-12T14:40:00Z', exit_time: '2026-01-12T14:55:00Z', net_pnl: '200', account_label: 'Prop' },
];

export async function seedJanuary(t: TestApp, member: { id: string }, token: string) {
  const [account] = await t.ctx.db
    .insert(tradingAccounts)
    .values({ userId: member.id, environment: 'live', brokerAccountId: '2001', accNum: '2001', name: 'Apex Live' })
    .returning();
  await upsertSyncedTrades(t.ctx.db, {
    userId: member.id,
    tradingAccountId: account!.id,
    accountLabel: 'Apex Live',
    accountIdentifier: '2001',
    trades: JANUARY,
  });
  for (const body of PROP_MANUAL) {
    const res = await t.call('POST', '/api/trades/manual', { token, body });
    if (res.statusCode !== 201) throw new Error(`manual trade: ${res.statusCode} ${res.body}`);
  }
  return { accountId: account!.id };
}
