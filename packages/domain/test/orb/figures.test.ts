import { describe, expect, it } from 'vitest';
import { backtest, normalizeOrbSettings } from '../../src/orb/index.ts';
import type { Bar, OrbSettings } from '../../src/orb/index.ts';
import { seededRandom } from '../../src/random.ts';

/** Two months of weekday bars on a tick grid, from a seeded random walk. */
function seededBars(seed: number, start: number, volatility: number, tick: number): Bar[] {
  const rand = seededRandom(seed);
  const onTick = (x: number) => Math.round(x / tick) * tick;
  const bars: Bar[] = [];
  let price = start;
  for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2024, 2, 1); t += 60_000) {
    const weekday = new Date(t).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const o = price;
    const c = onTick(o + (rand() - 0.5) * volatility * 2);
    bars.push({ t, o, h: onTick(Math.max(o, c) + rand() * volatility), l: onTick(Math.min(o, c) - rand() * volatility), c });
    price = c;
  }
  return bars;
}

const weekdays: OrbSettings['run_days'] = ['mon', 'tue', 'wed', 'thu', 'fri'];

// Figures members see in backtest results, pinned so a change to the money rounding shows here.
describe('backtest figures', () => {
  it('NAS100, limit orders, two half-lot targets', () => {
    const settings = normalizeOrbSettings({
      instrument: 'NAS100',
      orb_minutes: 15,
      order_type: 'limit',
      max_attempts: 3,
      risk_max_daily_trades: 3,
      run_days: weekdays,
      take_profits: [
        { target_r: 1, size_percent: 50 },
        { target_r: 2, size_percent: 50 },
      ],
    });
    const result = backtest(settings, seededBars(42, 18_000, 6, 0.25));
    // A short stopped out loses 8.125, booked -8.12 against a risk of 8.13 (the engine's rule).
    expect(result.trades[0]).toMatchObject({ side: 'sell', riskAmount: 8.13, pnl: -8.12, rMultiple: -0.9988 });
    expect(result.stats).toMatchInlineSnapshot(`
      {
        "exitsByReason": {
          "manual": 0,
          "session_close": 11,
          "stop": 107,
          "target": 90,
        },
        "expectancyMoney": 1.94,
        "expectancyR": 0.193,
        "fees": 0,
        "flats": 0,
        "grossLoss": 1216.15,
        "grossProfit": 1618.95,
        "losses": 109,
        "maxDrawdown": 125.31,
        "profitFactor": 1.331,
        "totalPnl": 402.8,
        "trades": 208,
        "tradesPerDay": 4.727,
        "tradingDays": 44,
        "winRate": 47.6,
        "wins": 99,
      }
    `);
    expect(result.buyAndHold?.pnl).toMatchInlineSnapshot(`119.5`);
  });

  it('EURUSD, market orders, fractional lots, fees and slippage', () => {
    const settings = normalizeOrbSettings({
      instrument: 'EURUSD',
      orb_minutes: 5,
      order_type: 'market',
      lot_size: 0.37,
      value_per_point: 100_000,
      max_attempts: 2,
      risk_max_daily_loss: 55.5,
      run_days: weekdays,
      take_profits: [
        { target_r: 1.5, size_percent: 33 },
        { target_r: 3, size_percent: 67 },
      ],
    });
    const result = backtest(settings, seededBars(7, 1.0843, 0.0004, 0.00001), {
      commissionPerLot: 3.35,
      entrySlippage: 0.00003,
      stopSlippage: 0.00007,
      startingEquity: 10_000.05,
    });
    expect(result.stats).toMatchInlineSnapshot(`
      {
        "exitsByReason": {
          "manual": 0,
          "session_close": 0,
          "stop": 71,
          "target": 17,
        },
        "expectancyMoney": -8.62,
        "expectancyR": -0.516,
        "fees": 54.56,
        "flats": 0,
        "grossLoss": 1447.84,
        "grossProfit": 689.42,
        "losses": 71,
        "maxDrawdown": 901.08,
        "profitFactor": 0.476,
        "totalPnl": -758.42,
        "trades": 88,
        "tradesPerDay": 2,
        "tradingDays": 44,
        "winRate": 19.3,
        "wins": 17,
      }
    `);
    expect(result.equity.at(-1)).toMatchInlineSnapshot(`
      {
        "at": 1709218260000,
        "equity": 9241.63,
      }
    `);
  });
});
