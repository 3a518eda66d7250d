import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeOrbSettings, PIPELINE } from '../../src/orb/index.ts';
import type { Bar, OrbSettings } from '../../src/orb/index.ts';
import { DAY, ofType, simulateDay, windowFor } from './helpers.ts';
import type { DayOptions } from './helpers.ts';
import { seededRandom } from '../../src/random.ts';

const quarter = (x: number) => Math.round(x * 4) / 4;

/** A random-walk session from 09:20 to 16:05 local with occasional gaps. */
function sessionBars(settings: OrbSettings, seed: number, volatility: number): Bar[] {
  const w = windowFor(settings, DAY);
  const rand = seededRandom(seed);
  const bars: Bar[] = [];
  let price = 100;
  for (let t = w.orbStart - 10 * 60_000; t < w.flattenAt + 10 * 60_000; t += 60_000) {
    const o = rand() < 0.03 ? quarter(price + (rand() - 0.5) * volatility * 8) : price;
    const c = quarter(o + (rand() - 0.5) * volatility * 2);
    const h = quarter(Math.max(o, c) + rand() * volatility);
    const l = quarter(Math.min(o, c) - rand() * volatility);
    bars.push({ t, o, h, l, c });
    price = c;
  }
  return bars;
}

const settingsArb = fc
  .record({
    orb_minutes: fc.constantFrom(5 as const, 15 as const, 30 as const),
    order_type: fc.constantFrom('limit' as const, 'market' as const),
    breakout_requirement: fc.constantFrom('in_candle' as const, 'close' as const),
    max_attempts: fc.integer({ min: 0, max: 4 }),
    risk_max_daily_trades: fc.integer({ min: 0, max: 4 }),
    risk_max_daily_loss: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
    max_spread: fc.option(fc.constantFrom(0.5, 1, 2), { nil: null }),
    stop_loss_adjust: fc.constantFrom(0, 0.25, 1),
    range_adjust: fc.constantFrom(0, 0.5),
    lot_size: fc.constantFrom(1, 2, 0.5),
    take_profits: fc.array(
      fc.record({
        target_r: fc.constantFrom(0.5, 1, 2, 3),
        size_percent: fc.constantFrom(25, 50, 100),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map((partial) => normalizeOrbSettings(partial));

const dayArb = fc.record({
  settings: settingsArb,
  seed: fc.integer(),
  volatility: fc.constantFrom(0.5, 1, 2, 4),
  dayTrades: fc.integer({ min: 0, max: 2 }),
  dayPnl: fc.constantFrom(0, -5, -15),
  spreadSeed: fc.integer(),
  hardStopMinute: fc.option(fc.integer({ min: 0, max: 420 }), { nil: null }),
});

type Day = typeof dayArb extends fc.Arbitrary<infer T> ? T : never;

function play(day: Day) {
  const w = windowFor(day.settings, DAY);
  const bars = sessionBars(day.settings, day.seed, day.volatility);
  const rand = seededRandom(day.spreadSeed);
  const quotes = bars
    .filter(() => rand() < 0.2)
    .map((b) => ({ at: b.t + 30_000, bid: b.c, ask: b.c + quarter(rand() * 3) }));
  const options: DayOptions = {
    quotes,
    dayTrades: day.dayTrades,
    dayPnl: day.dayPnl,
    model: { commissionPerLot: 1, entrySlippage: 0.25, stopSlippage: 0.5 },
    commands:
      day.hardStopMinute === null
        ? []
        : [{ type: 'hard_stop', at: w.orbStart - 600_000 + day.hardStopMinute * 60_000 + 15_000 }],
  };
  return { w, result: simulateDay(day.settings, bars, options) };
}

const RANGE_FETCHED = PIPELINE.indexOf('range_fetched');
const RUNS = { numRuns: 300 };

describe('engine properties', () => {
  it('sends no order before the opening range is complete', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const { w, result } = play(day);
        for (const r of result.actions) {
          if (r.action.type !== 'place_order') continue;
          expect(r.at).toBeGreaterThanOrEqual(w.orbEnd);
          expect(r.state.reached).toBeGreaterThanOrEqual(RANGE_FETCHED);
          expect(r.state.rangeBars).toBeGreaterThan(0);
        }
      }),
      RUNS,
    );
  });

  it('never enters more often than max_attempts or the daily trade limit allow', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const { result } = play(day);
        const attempts = new Set(
          ofType(result.actions, 'place_order').map((a) => a.clientOrderId.replace(/l\d+$/, '')),
        );
        expect(attempts.size).toBeLessThanOrEqual(day.settings.max_attempts);
        expect(attempts.size).toBeLessThanOrEqual(
          Math.max(0, day.settings.risk_max_daily_trades - day.dayTrades),
        );
        expect(result.state.dayTrades - day.dayTrades).toBeLessThanOrEqual(attempts.size);
      }),
      RUNS,
    );
  });

  it('never places an entry once the daily loss limit is reached', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const { result } = play(day);
        const limit = day.settings.risk_max_daily_loss;
        if (limit === null) return;
        for (const r of result.actions) {
          if (r.action.type === 'place_order') expect(r.state.dayPnl).toBeGreaterThan(-limit);
        }
      }),
      RUNS,
    );
  });

  it('always puts the stop on the far side of the opening range', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const { result } = play(day);
        for (const r of result.actions) {
          if (r.action.type !== 'place_order') continue;
          const { orbHigh, orbLow } = r.state;
          if (orbHigh === null || orbLow === null) throw new Error('order without a range');
          const order = r.action;
          if (order.side === 'buy') {
            expect(order.stopLoss).toBeLessThanOrEqual(orbLow);
            expect(order.takeProfit).toBeGreaterThan(order.stopLoss);
          } else {
            expect(order.stopLoss).toBeGreaterThanOrEqual(orbHigh);
            expect(order.takeProfit).toBeLessThan(order.stopLoss);
          }
        }
        for (const trade of ofType(result.actions, 'trade_closed').map((a) => a.trade)) {
          if (trade.side === 'buy') expect(trade.stopPrice).toBeLessThanOrEqual(trade.orbLow);
          else expect(trade.stopPrice).toBeGreaterThanOrEqual(trade.orbHigh);
        }
      }),
      RUNS,
    );
  });

  it('gives the same outputs for the same inputs, with plain-JSON state', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const first = play(day).result;
        const second = play(day).result;
        expect(second.actions).toEqual(first.actions);
        expect(second.state).toEqual(first.state);
        expect(JSON.parse(JSON.stringify(first.states))).toEqual(first.states);
      }),
      { numRuns: 100 },
    );
  });

  it('ends every day settled: no working order or open position after the session close', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const { result } = play(day);
        expect(['closed', 'stopped', 'failed', 'skipped']).toContain(result.state.state);
        expect(result.broker.orders).toHaveLength(0);
        expect(result.broker.positions).toHaveLength(0);
        const closed = ofType(result.actions, 'trade_closed').map((a) => a.trade);
        const pnl = closed.reduce((sum, t) => sum + t.pnl, 0);
        expect(result.state.runPnl).toBeCloseTo(pnl, 6);
      }),
      RUNS,
    );
  });
});
