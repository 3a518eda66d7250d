import { describe, expect, it } from 'vitest';
import { FILL_MODEL_DESCRIPTION, backtest } from '../../src/orb/index.ts';
import type { Bar, OrbSettings, RunWindow } from '../../src/orb/index.ts';
import { at, bar, ofType, rangeBars, settingsWith, simulateDay, windowFor } from './helpers.ts';

const limit = settingsWith({ order_type: 'limit' });
const w = windowFor(limit);

/** Flat bars at one price from `from` up to (not including) `to`, bot-local. */
function quiet(win: RunWindow, from: string, to: string, price: number): Bar[] {
  const bars: Bar[] = [];
  for (let t = at(win, from); t < at(win, to); t += 60_000)
    bars.push({ t, o: price, h: price, l: price, c: price });
  return bars;
}

/** Range 100–110, a breakout above it, then a buy limit filled at 110 on the 09:46 bar. */
function longFilled(win: RunWindow = w): Bar[] {
  return [
    ...rangeBars(win),
    bar(win, '09:45', 105, 111, 104, 111),
    bar(win, '09:46', 111, 111, 109, 110),
  ];
}

function only(settings: OrbSettings, bars: Bar[], options = {}) {
  const result = backtest(settings, bars, options);
  expect(result.trades).toHaveLength(1);
  return { result, trade: result.trades[0]! };
}

describe('backtest exits', () => {
  it('closes at the target', () => {
    const { result, trade } = only(limit, [...longFilled(), bar(w, '09:47', 111, 131, 110.5, 130)]);
    expect(trade).toMatchObject({
      side: 'buy',
      entryPrice: 110,
      exitPrice: 130,
      exitReason: 'target',
      pnl: 20,
      rMultiple: 2,
      riskAmount: 10,
      stopPrice: 100,
    });
    expect(trade.entryAt).toBe(at(w, '09:46'));
    expect(result.stats).toMatchObject({
      winRate: 100,
      exitsByReason: { target: 1, stop: 0, session_close: 0 },
    });
    expect(result.runs[0]).toMatchObject({ state: 'closed', trades: 1, pnl: 20 });
  });

  it('closes at the stop', () => {
    const { trade } = only(limit, [...longFilled(), bar(w, '09:47', 108, 109, 99, 99.5)]);
    expect(trade).toMatchObject({
      exitPrice: 100,
      exitReason: 'stop',
      pnl: -10,
      rMultiple: -1,
      winLoss: 'loss',
    });
  });

  it('assumes the stop filled first when one bar touches both stop and target', () => {
    const { trade } = only(limit, [...longFilled(), bar(w, '09:47', 110.5, 131, 99, 120)]);
    expect(trade).toMatchObject({ exitPrice: 100, exitReason: 'stop' });
  });

  it('fills a stop the market gaps through at the open', () => {
    const { trade } = only(limit, [...longFilled(), bar(w, '09:47', 95, 96, 94, 95)]);
    expect(trade).toMatchObject({ exitPrice: 95, exitReason: 'stop', pnl: -15, rMultiple: -1.5 });
  });

  it('flattens at the session close', () => {
    const { result, trade } = only(limit, [...longFilled(), ...quiet(w, '09:47', '16:00', 112)]);
    expect(trade).toMatchObject({
      exitPrice: 112,
      exitReason: 'flatten',
      pnl: 2,
      exitAt: at(w, '15:55'),
    });
    expect(result.stats.exitsByReason.session_close).toBe(1);
  });

  it('fills a limit at the open when the bar opens through it', () => {
    const bars = [
      ...rangeBars(w),
      bar(w, '09:45', 105, 111, 104, 111),
      bar(w, '09:46', 108, 131, 107, 130),
    ];
    const { trade } = only(limit, bars);
    expect(trade).toMatchObject({ entryPrice: 108, exitReason: 'target', exitPrice: 130 });
  });

  it('does not count a target on the bar a limit fills inside', () => {
    const bars = [
      ...rangeBars(w),
      bar(w, '09:45', 105, 111, 104, 111),
      bar(w, '09:46', 111, 135, 109, 111),
      ...quiet(w, '09:47', '16:00', 112),
    ];
    expect(only(limit, bars).trade).toMatchObject({ entryPrice: 110, exitReason: 'flatten' });
  });

  it('enters market orders at the next open with slippage, and charges stop slippage and commission', () => {
    const market = settingsWith({ order_type: 'market' });
    const bars = [
      ...rangeBars(w),
      bar(w, '09:45', 105, 111, 104, 111),
      bar(w, '09:46', 111.5, 112, 111, 111.5),
      bar(w, '09:47', 111, 111, 99, 99),
    ];
    const { trade } = only(market, bars, {
      entrySlippage: 0.25,
      stopSlippage: 0.5,
      commissionPerLot: 2.5,
    });
    expect(trade).toMatchObject({
      entryPrice: 111.75,
      exitPrice: 99.5,
      grossPnl: -12.25,
      fees: 2.5,
      pnl: -14.75,
      targetPrice: 133,
    });
    expect(trade.rMultiple).toBeCloseTo(-14.75 / 11.75, 4);
  });
});

describe('attempts and daily limits', () => {
  const stopThenShort = [
    ...longFilled(),
    bar(w, '09:47', 108, 109, 99, 99.5), // long stopped at 100
    bar(w, '09:48', 99.5, 99.8, 98, 98.5), // breaks below the range
    bar(w, '09:49', 99, 100.5, 98.9, 99), // sell limit at 100 filled
    ...quiet(w, '09:50', '16:00', 97),
  ];

  it('goes back to monitoring while attempts remain', () => {
    const s = settingsWith({ order_type: 'limit', max_attempts: 2, risk_max_daily_trades: 2 });
    const { trades } = backtest(s, stopThenShort);
    expect(trades.map((t) => [t.side, t.exitReason, t.pnl])).toEqual([
      ['buy', 'stop', -10],
      ['sell', 'flatten', 3],
    ]);
    expect(trades.map((t) => t.attempt)).toEqual([1, 2]);
  });

  it('stops at the daily trade limit even with attempts left', () => {
    const s = settingsWith({ order_type: 'limit', max_attempts: 3, risk_max_daily_trades: 1 });
    const result = backtest(s, stopThenShort);
    expect(result.trades).toHaveLength(1);
    expect(result.runs[0]?.endReason).toBe(
      'The daily trade limit is reached: no new entries today.',
    );
  });

  it('takes no new entry once the daily loss limit is reached', () => {
    const s = settingsWith({
      order_type: 'limit',
      max_attempts: 3,
      risk_max_daily_trades: 3,
      risk_max_daily_loss: 10,
    });
    const result = backtest(s, stopThenShort);
    expect(result.trades).toHaveLength(1);
    expect(result.runs[0]?.endReason).toContain('daily loss limit');
  });
});

describe('backtest results', () => {
  /** Two days: a winner on the first, a loser on the second (plus any later bars given). */
  const twoDays = (after: (w2: RunWindow) => Bar[] = () => []) => {
    const w2 = windowFor(limit, '2024-07-10');
    return [...longFilled(w), bar(w, '09:47', 111, 131, 110.5, 130), ...longFilled(w2), bar(w2, '09:47', 108, 109, 99, 99.5), ...after(w2)];
  };

  it('computes the stats, the equity curve and buy-and-hold over several days', () => {
    const result = backtest(limit, twoDays(), { startingEquity: 1000 });
    expect(result.stats).toMatchObject({
      trades: 2,
      wins: 1,
      losses: 1,
      winRate: 50,
      totalPnl: 10,
      profitFactor: 2,
      expectancyMoney: 5,
      expectancyR: 0.5,
      maxDrawdown: 10,
      tradingDays: 2,
      tradesPerDay: 1,
    });
    expect(result.equity.map((p) => p.equity)).toEqual([1000, 1020, 1010]);
    expect(result.buyAndHold).toMatchObject({ entryPrice: 105, exitPrice: 99.5, pnl: -5.5 });
    expect(result.buyAndHold?.equity).toHaveLength(2);
    expect(result.fillModel).toBe(FILL_MODEL_DESCRIPTION);
  });

  it('ends buy-and-hold where its curve ends: the last session close, not a bar after it', () => {
    // An evening bar after the last session's flatten time, at another price.
    const result = backtest(limit, twoDays((w2) => [bar(w2, '19:30', 99.5, 121, 99.5, 120)]), { startingEquity: 1000 });
    const hold = result.buyAndHold!;
    expect(hold.equity.at(-1)!.equity - 1000).toBeCloseTo(hold.pnl, 2);
    expect(hold).toMatchObject({ entryPrice: 105, exitPrice: 99.5, pnl: -5.5 });
  });

  it('produces the same trades as a live run fed the same bars', () => {
    const s = settingsWith({ order_type: 'limit', max_attempts: 2, risk_max_daily_trades: 2 });
    const bars = [
      ...longFilled(),
      bar(w, '09:47', 108, 109, 99, 99.5),
      bar(w, '09:48', 99.5, 99.8, 98, 98.5),
      bar(w, '09:49', 99, 100.5, 98.9, 99),
      ...quiet(w, '09:50', '16:00', 97),
    ];
    const live = ofType(
      simulateDay(s, bars, { runId: `bt-${w.tradingDay}` }).actions,
      'trade_closed',
    ).map((a) => a.trade);
    expect(backtest(s, bars).trades).toEqual(live);
  });

  it('handles an empty bar list', () => {
    expect(backtest(limit, []).stats.trades).toBe(0);
  });
});
