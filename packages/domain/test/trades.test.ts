import { describe, it, expect } from 'vitest';
import {
  botTradeOutcome,
  dailySummaries,
  dayStats,
  isDailyLogWin,
  isManualTrade,
  latestTrades,
  manualTradeIdOf,
  periodSummary,
  rMultipleOf,
  riskAmountOf,
  tradeDurationMs,
  tradeNet,
} from '../src/trades.ts';

describe('[T105] isManualTrade', () => {
  it('recognises each manual signal', () => {
    expect(isManualTrade({ manual: true })).toBe(true);
    expect(isManualTrade({ manual: 1 })).toBe(true);
    expect(isManualTrade({ source: 'manual' })).toBe(true);
    expect(isManualTrade({ source: 'Manual' })).toBe(true);
    expect(isManualTrade({ manual_trade_id: 7 })).toBe(true);
    expect(isManualTrade({ manual_trade_id: '7' })).toBe(true);
    expect(isManualTrade({ id: 'manual-12' })).toBe(true);
  });
  it('treats everything else as linked', () => {
    expect(isManualTrade({})).toBe(false);
    expect(isManualTrade({ manual: false, source: 'linked', manual_trade_id: 0, id: 42 })).toBe(
      false,
    );
    expect(isManualTrade({ manual_trade_id: -3 })).toBe(false);
    expect(isManualTrade({ id: 'manual-abc' })).toBe(false);
    expect(isManualTrade({ id: 'xmanual-1' })).toBe(false);
  });
  it('finds the manual id to delete with', () => {
    expect(manualTradeIdOf({ manual_trade_id: 9, id: 'manual-3' })).toBe(9);
    expect(manualTradeIdOf({ id: 'manual-3' })).toBe(3);
    expect(manualTradeIdOf({ id: 'manual-0' })).toBeNull();
    expect(manualTradeIdOf({ manual: true })).toBeNull();
  });
});

describe('[T106] outcomes', () => {
  it('classifies bot trades by pnl', () => {
    expect(botTradeOutcome(0.01)).toBe('win');
    expect(botTradeOutcome('-3')).toBe('loss');
    expect(botTradeOutcome(0)).toBe('flat');
    expect(botTradeOutcome(0.001)).toBe('flat');
    expect(botTradeOutcome(null)).toBe('flat');
  });
  it('counts zero as a daily-log win', () => {
    expect(isDailyLogWin(0)).toBe(true);
    expect(isDailyLogWin('12.5')).toBe(true);
    expect(isDailyLogWin(-0.01)).toBe(false);
  });
  it('reads net, else pnl', () => {
    expect(tradeNet({ net_pnl: '5.5', pnl: 1 })).toBe(5.5);
    expect(tradeNet({ pnl: 1 })).toBe(1);
    expect(tradeNet({})).toBeNull();
  });
});

describe('[T107] risk and R multiple', () => {
  it('prefers the explicit risk amount', () => {
    expect(riskAmountOf({ risk_amount: 50, entry_price: 100, stop_price: 90, quantity: 1 })).toBe(
      50,
    );
  });
  it('derives risk from entry, stop, quantity and value per point', () => {
    expect(
      riskAmountOf({ entry_price: 100, stop_price: 90, quantity: 2, value_per_point: 5 }),
    ).toBe(100);
    expect(riskAmountOf({ entry_price: 90, stop_loss: 100, qty: '2', contract_size: 5 })).toBe(100);
    // Falls back to the instrument's value per point: gold moves $100 per point per lot.
    expect(
      riskAmountOf({ instrument: 'XAUUSD', entry_price: 2000, stop_price: 1995, quantity: 0.1 }),
    ).toBeCloseTo(50);
  });
  it('gives null when risk is unknowable or zero', () => {
    expect(riskAmountOf({ entry_price: 100, quantity: 1, value_per_point: 1 })).toBeNull();
    expect(
      riskAmountOf({ entry_price: 100, stop_price: 100, quantity: 1, value_per_point: 1 }),
    ).toBeNull();
    expect(
      riskAmountOf({ instrument: 'EURUSD', entry_price: 1.1, stop_price: 1.09, quantity: 1 }),
    ).toBeNull();
  });
  it('uses the server rr, else pnl over risk', () => {
    expect(rMultipleOf({ rr: 2.5, pnl: 10, risk_amount: 1 })).toBe(2.5);
    expect(rMultipleOf({ actual_rr: '-1', pnl: 10, risk_amount: 1 })).toBe(-1);
    expect(rMultipleOf({ pnl: 150, risk_amount: 50 })).toBe(3);
    expect(
      rMultipleOf({ pnl: -50, entry_price: 100, stop_price: 95, quantity: 1, value_per_point: 10 }),
    ).toBe(-1);
    expect(rMultipleOf({ pnl: 10 })).toBeNull();
    expect(rMultipleOf({ risk_amount: 10 })).toBeNull();
  });
  it('measures duration', () => {
    expect(
      tradeDurationMs({ entry_time: '2025-01-01T10:00:00Z', exit_time: '2025-01-01T10:05:00Z' }),
    ).toBe(300_000);
    expect(tradeDurationMs({ entry_time: '2025-01-01T10:00:00Z' })).toBeNull();
    expect(
      tradeDurationMs({ entry_time: '2025-01-01T10:00:00Z', exit_time: '2025-01-01T09:00:00Z' }),
    ).toBeNull();
  });
});

describe('[T86] dayStats', () => {
  it('is all zeros without trades', () => {
    expect(dayStats([])).toEqual({
      net: 0,
      trades: 0,
      average: 0,
      winRate: 0,
      wins: 0,
      losses: 0,
      sessions: [],
    });
  });
  it('computes the daily log metrics', () => {
    const stats = dayStats([
      { net_pnl: '100.10', entry_time: '2025-01-07T14:45:00Z' }, // 09:45 New York
      { net_pnl: 0, entry_time: '2025-01-07T07:00:00Z' }, // 02:00 London
      { net_pnl: -50.05, entry_time: '2025-01-07T15:00:00Z' }, // New York
    ]);
    expect(stats).toEqual({
      net: 50.05,
      trades: 3,
      average: 16.68,
      winRate: 66.7,
      wins: 2,
      losses: 1,
      sessions: ['London', 'New York'],
    });
  });
  it('sums without float artefacts', () => {
    expect(dayStats([{ net_pnl: 0.1 }, { net_pnl: 0.2 }]).net).toBe(0.3);
  });
});

describe('latestTrades', () => {
  const trades = [
    { id: 'a', entry_time: '2025-01-01T10:00:00Z', exit_time: '2025-01-03T10:00:00Z' },
    { id: 'b', entry_time: '2025-01-04T10:00:00Z' },
    { id: 'c' },
    { id: 'd', entry_time: '2025-01-01T09:00:00Z', exit_time: '2025-01-02T10:00:00Z' },
    { id: 'e', entry_time: '2025-01-05T10:00:00Z', exit_time: '2025-01-05T11:00:00Z' },
    { id: 'f', entry_time: '2025-01-02T10:00:00Z', exit_time: '2025-01-02T10:00:00Z' },
  ];
  it('orders by exit else entry time, newest first, five by default', () => {
    expect(latestTrades(trades).map((t) => t.id)).toEqual(['e', 'b', 'a', 'd', 'f']);
  });
  it('keeps undated trades last and respects the count', () => {
    expect(
      latestTrades(trades, 10)
        .map((t) => t.id)
        .at(-1),
    ).toBe('c');
    expect(latestTrades(trades, 1).map((t) => t.id)).toEqual(['e']);
    expect(latestTrades(trades, 0)).toEqual([]);
    expect(latestTrades([])).toEqual([]);
  });
});

describe('calendar summaries', () => {
  const trades = [
    { net_pnl: 10.1, exit_time: '2025-01-06T03:00:00Z' }, // 5 Jan in Toronto
    { net_pnl: 0.2, exit_time: '2025-01-05T20:00:00Z' },
    { net_pnl: -5, entry_time: '2025-01-07T15:00:00Z' },
    { net_pnl: 99 },
  ];
  it('groups by trade date, skipping undated trades', () => {
    const days = dailySummaries(trades);
    expect([...days.keys()]).toEqual(['2025-01-05', '2025-01-07']);
    expect(days.get('2025-01-05')).toEqual({ date: '2025-01-05', net: 10.3, trades: 2 });
  });
  it('totals a week or month', () => {
    const days = dailySummaries(trades);
    expect(periodSummary(['2025-01-05', '2025-01-06', '2025-01-07', '2025-01-07'], days)).toEqual({
      net: 5.3,
      trades: 3,
      days: 2,
    });
    expect(periodSummary([], days)).toEqual({ net: 0, trades: 0, days: 0 });
  });
});
