import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  listBotTrades,
  recordBotTrade,
  upsertSyncedTrades,
  type SyncedTradeInput,
} from '../../src/modules/trades/index.ts';
import { linkAccount, SYNCED } from './fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('upsertSyncedTrades', () => {
  it('inserts once, then reports unchanged, and updates only what changed', async () => {
    const member = await createMember(t.ctx);
    const account = await linkAccount(t.ctx, member.id);
    const input = { userId: member.id, tradingAccountId: account.id, accountLabel: 'Apex Live', accountIdentifier: '1001' };
    expect(await upsertSyncedTrades(t.ctx.db, { ...input, trades: SYNCED })).toEqual({ inserted: 7, updated: 0, unchanged: 0 });
    expect(await upsertSyncedTrades(t.ctx.db, { ...input, trades: SYNCED })).toEqual({ inserted: 0, updated: 0, unchanged: 7 });

    // The broker corrected one fee (numerically equal text is not a change) and closed one more.
    const changed: SyncedTradeInput[] = SYNCED.map((trade, index) => (index === 2 ? { ...trade, fee: '1.5', netPnl: '79.70' } : { ...trade, fee: '1.20' }));
    changed.push({ ...SYNCED[0]!, brokerPositionId: 'P8', entryTime: '2026-01-12T14:31:00Z', exitTime: '2026-01-12T14:40:00Z' });
    expect(await upsertSyncedTrades(t.ctx.db, { ...input, trades: changed })).toEqual({ inserted: 1, updated: 1, unchanged: 6 });

    const token = await t.login(member.email, member.password);
    const p3 = (await t.call('GET', '/api/trades/order-history?instrument=us30&side=buy', { token })).json().data[0];
    expect(p3).toMatchObject({ position_id: 'P3', fee: '1.5', net_pnl: '79.70' });
  });

  it('keeps the same broker position apart per account and per member', async () => {
    const member = await createMember(t.ctx);
    const a = await linkAccount(t.ctx, member.id, 'A', '1');
    const b = await linkAccount(t.ctx, member.id, 'B', '2');
    const one = [SYNCED[0]!];
    await upsertSyncedTrades(t.ctx.db, { userId: member.id, tradingAccountId: a.id, accountLabel: 'A', accountIdentifier: '1', trades: one });
    const second = await upsertSyncedTrades(t.ctx.db, { userId: member.id, tradingAccountId: b.id, accountLabel: 'B', accountIdentifier: '2', trades: one });
    expect(second.inserted).toBe(1);
    const token = await t.login(member.email, member.password);
    expect((await t.call('GET', '/api/trades/order-history', { token })).json().meta.total).toBe(2);
  });
});

describe('recordBotTrade', () => {
  it('records a leg once per run, derives win/loss and R, and keeps it out of the journal', async () => {
    const member = await createMember(t.ctx);
    const leg = {
      userId: member.id,
      botId: 'bot-1',
      botRunId: 'run-1',
      leg: 1,
      botLabel: 'NAS open',
      instrument: 'NAS100',
      side: 'buy' as const,
      quantity: '2',
      entryTime: '2026-01-05T14:36:00Z',
      exitTime: '2026-01-05T14:52:00Z',
      entryPrice: '21000',
      exitPrice: '21030',
      stopPrice: '20985',
      pnl: '60',
      orbStart: '09:30',
      orbRangeMinutes: 5,
    };
    const first = await recordBotTrade(t.ctx.db, leg);
    const again = await recordBotTrade(t.ctx.db, { ...leg, pnl: '-30' });
    expect(again).toEqual({ id: first.id, inserted: false });
    expect(first.inserted).toBe(true);

    const [trade] = await listBotTrades(t.ctx.db, { userId: member.id, botId: 'bot-1' });
    // Risk = |21000 − 20985| × 2 lots × 1 per point = 30; −30 ÷ 30 = −1R.
    expect(trade).toMatchObject({ pnl: '-30', win_loss: 'loss', rr: '-1.0000', orb_start: '09:30', trade_date: '2026-01-05' });

    const token = await t.login(member.email, member.password);
    expect((await t.call('GET', '/api/trades/order-history', { token })).json().meta.total).toBe(0);
  });

  it('puts paper (test-mode) bot trades in the journal, since no broker sync will bring them', async () => {
    const member = await createMember(t.ctx);
    const paper = {
      userId: member.id,
      botId: 'bot-2',
      botRunId: 'run-2',
      leg: 1,
      botLabel: 'Paper NAS open',
      instrument: 'NAS100',
      side: 'sell' as const,
      quantity: '1',
      entryTime: '2026-01-06T14:36:00Z',
      exitTime: '2026-01-06T14:50:00Z',
      entryPrice: '21000',
      exitPrice: '20980',
      stopPrice: '21015',
      pnl: '20',
      orbStart: '09:30',
      orbRangeMinutes: 5,
      orderStatus: 'paper',
    };
    await recordBotTrade(t.ctx.db, paper);
    await recordBotTrade(t.ctx.db, { ...paper, botRunId: 'run-3', orderStatus: 'filled', exitTime: '2026-01-07T14:50:00Z' });
    expect(await listBotTrades(t.ctx.db, { userId: member.id, botId: 'bot-2' })).toHaveLength(2);

    const token = await t.login(member.email, member.password);
    const history = (await t.call('GET', '/api/trades/order-history', { token })).json();
    expect(history.meta.total).toBe(1);
    expect(history.data[0]).toMatchObject({ instrument: 'NAS100', side: 'sell', net_pnl: '20', source: 'bot', manual: false });
    const days = (await t.call('GET', '/api/trades/day-summaries?from=2026-01-01&to=2026-01-31', { token })).json().data;
    expect(days).toEqual([expect.objectContaining({ date: '2026-01-06', trades: 1 })]);
  });
});
