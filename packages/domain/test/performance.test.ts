import { describe, it, expect } from 'vitest';
import {
  averageLoss,
  averageWin,
  directionOf,
  drawdownCurve,
  equityCurve,
  expectancy,
  groupPerformance,
  largestLoss,
  largestWin,
  longShortSplit,
  maxDrawdown,
  performanceSummary,
  profitFactor,
  streaks,
  winRate,
} from '../src/performance.ts';

describe('no trades', () => {
  it('has nothing to report', () => {
    expect(performanceSummary([])).toEqual({
      trades: 0,
      net: 0,
      wins: 0,
      losses: 0,
      winRate: null,
      profitFactor: null,
      expectancy: null,
      averageWin: null,
      averageLoss: null,
      largestWin: null,
      largestLoss: null,
      maxDrawdown: 0,
    });
    expect(equityCurve([])).toEqual([]);
    expect(streaks([])).toEqual({
      longestWin: 0,
      longestLoss: 0,
      current: { kind: 'none', length: 0 },
    });
  });
});

describe('one trade', () => {
  it('a single win', () => {
    expect(profitFactor([100])).toBe(Infinity);
    expect(expectancy([100])).toBe(100);
    expect(winRate([100])).toBe(100);
    expect(maxDrawdown([100])).toBe(0);
    expect(streaks([100]).current).toEqual({ kind: 'win', length: 1 });
  });
  it('a single loss', () => {
    expect(profitFactor([-40])).toBe(0);
    expect(expectancy([-40])).toBe(-40);
    expect(averageLoss([-40])).toBe(-40);
    expect(averageWin([-40])).toBeNull();
    expect(maxDrawdown([-40])).toBe(40);
    expect(drawdownCurve([-40])).toEqual([-40]);
  });
  it('a single flat trade', () => {
    expect(profitFactor([0])).toBeNull();
    expect(expectancy([0])).toBe(0);
    expect(winRate([0])).toBe(0);
  });
});

describe('no losses', () => {
  it('profit factor is infinite and drawdown zero', () => {
    const pnls = [10, 0, 30];
    expect(profitFactor(pnls)).toBe(Infinity);
    expect(maxDrawdown(pnls)).toBe(0);
    expect(largestLoss(pnls)).toBeNull();
    expect(averageLoss(pnls)).toBeNull();
    // (2/3) × 20 − 0 = 13.333… → 13.33
    expect(expectancy(pnls)).toBe(13.33);
    expect(winRate(pnls)).toBe(66.7);
  });
});

describe('a mixed sequence (hand computed)', () => {
  // Equity: 100, 50, 20, 220, 200, 200, 230. Peak 100 then 220.
  const pnls = [100, -50, -30, 200, '-20', 0, 30];
  it('gross figures', () => {
    // Wins 330, losses 100 → PF 3.3.
    expect(profitFactor(pnls)).toBeCloseTo(3.3, 10);
    expect(averageWin(pnls)).toBe(110);
    expect(averageLoss(pnls)).toBe(-33.33);
    expect(largestWin(pnls)).toBe(200);
    expect(largestLoss(pnls)).toBe(-50);
    // 3/7 × 110 − 3/7 × 33.333… = 230/7 = 32.857… → 32.86
    expect(expectancy(pnls)).toBe(32.86);
    expect(winRate(pnls)).toBe(42.9);
  });
  it('equity and drawdown', () => {
    expect(equityCurve(pnls)).toEqual([100, 50, 20, 220, 200, 200, 230]);
    expect(drawdownCurve(pnls)).toEqual([0, -50, -80, 0, -20, -20, 0]);
    expect(maxDrawdown(pnls)).toBe(80);
  });
  it('streaks, with flat trades breaking them', () => {
    expect(streaks(pnls)).toEqual({
      longestWin: 1,
      longestLoss: 2,
      current: { kind: 'win', length: 1 },
    });
    expect(streaks([1, 2, 3, -1, 4, 5])).toEqual({
      longestWin: 3,
      longestLoss: 1,
      current: { kind: 'win', length: 2 },
    });
    expect(streaks([-1, -1, 0]).current).toEqual({ kind: 'none', length: 0 });
  });
  it('sums in cents', () => {
    expect(equityCurve([0.1, 0.2])).toEqual([0.1, 0.3]);
    expect(performanceSummary([0.1, 0.2]).net).toBe(0.3);
  });
  it('skips unknown P&L', () => {
    expect(performanceSummary([10, null, 'n/a']).trades).toBe(1);
  });
});

describe('splits and groups', () => {
  const trades = [
    { side: 'buy', net_pnl: 100, instrument: 'NAS100' },
    { side: 'SELL', net_pnl: -40, instrument: 'NAS100' },
    { side: 'long', net_pnl: -10, instrument: 'US30' },
    { side: 'short', net_pnl: 30, instrument: 'US30' },
    { side: null, net_pnl: 999, instrument: null },
  ];
  it('maps sides to directions', () => {
    expect(directionOf('Buy')).toBe('long');
    expect(directionOf('sell')).toBe('short');
    expect(directionOf('')).toBeNull();
  });
  it('splits long and short', () => {
    const split = longShortSplit(trades);
    expect(split.long.trades).toBe(2);
    expect(split.long.net).toBe(90);
    expect(split.long.profitFactor).toBe(10);
    expect(split.short.net).toBe(-10);
    expect(split.short.winRate).toBe(50);
  });
  it('groups by key in first-seen order', () => {
    expect(
      groupPerformance(
        trades,
        (t) => t.instrument,
        (t) => t.net_pnl,
      ),
    ).toEqual([
      { key: 'NAS100', trades: 2, net: 60, winRate: 50, profitFactor: 2.5 },
      { key: 'US30', trades: 2, net: 20, winRate: 50, profitFactor: 3 },
    ]);
    expect(
      groupPerformance(
        [],
        (t: { k: string }) => t.k,
        () => 0,
      ),
    ).toEqual([]);
  });
});
