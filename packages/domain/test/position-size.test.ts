import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INSTRUMENTS } from '../src/instruments.ts';
import { positionSize, type PositionSizeInput } from '../src/position-size.ts';

const nas100 = { valuePerPoint: INSTRUMENTS.NAS100.valuePerPoint, lotStep: INSTRUMENTS.NAS100.lotStep };
const gold = { valuePerPoint: INSTRUMENTS.XAUUSD.valuePerPoint, lotStep: INSTRUMENTS.XAUUSD.lotStep };

describe('position size', () => {
  it('sizes a long NAS100 trade from 1 % of the balance, with its R targets above the entry', () => {
    const size = positionSize({ balance: 50_000, riskMode: 'percent', risk: 1, entry: 21_350, stop: 21_325, ...nas100 });
    // 500 risked over 25 points at 1 per point per lot: 20 lots exactly.
    expect(size).toEqual({
      side: 'long',
      stopDistance: 25,
      riskAskedCents: 50_000,
      lots: 20,
      riskCents: 50_000,
      oneStepRiskCents: 25,
      targets: [
        { r: 1, price: 21_375 },
        { r: 2, price: 21_400 },
        { r: 3, price: 21_425 },
      ],
    });
  });

  it('rounds lots down to the step for a short, and says what is really at risk', () => {
    // Gold: 100 per point per lot. 250 over a 3.7 stop: 0.6756… lots → 0.67, risking 247.90.
    const size = positionSize({ balance: 10_000, riskMode: 'money', risk: 250, entry: 2_650.4, stop: 2_654.1, ...gold });
    expect(size.side).toBe('short');
    expect(size.lots).toBe(0.67);
    expect(size.riskCents).toBe(24_790);
    expect(size.targets.map((t) => t.price)).toEqual([2_646.7, 2_643, 2_639.3]);
  });

  it('keeps a whole step a float quotient would lose (0.3 / 0.1)', () => {
    const size = positionSize({ balance: 1_000, riskMode: 'money', risk: 0.3, entry: 100.1, stop: 100, valuePerPoint: 1, lotStep: 1 });
    expect(size.lots).toBe(3);
    expect(size.riskCents).toBe(30);
  });

  it('answers 0 lots when one step already risks more than asked, and names that step’s risk', () => {
    const size = positionSize({ balance: 1_000, riskMode: 'percent', risk: 0.1, entry: 2_650, stop: 2_640, ...gold });
    expect(size.riskAskedCents).toBe(100);
    expect(size.lots).toBe(0);
    expect(size.riskCents).toBe(0);
    expect(size.oneStepRiskCents).toBe(1_000);
  });

  it('leaves out a short target at or below zero', () => {
    const size = positionSize({ balance: 1_000, riskMode: 'money', risk: 10, entry: 10, stop: 15, valuePerPoint: 1, lotStep: 0.01 });
    expect(size.targets).toEqual([
      { r: 1, price: 5 },
      { r: 2, price: null },
      { r: 3, price: null },
    ]);
  });

  it('refuses a stop at the entry and a risk of 0', () => {
    expect(() => positionSize({ balance: 1_000, riskMode: 'money', risk: 10, entry: 100, stop: 100, ...nas100 })).toThrow(RangeError);
    expect(() => positionSize({ balance: 1_000, riskMode: 'percent', risk: 0, entry: 100, stop: 99, ...nas100 })).toThrow(RangeError);
  });
});

const price = fc.integer({ min: 1, max: 10_000_000 }).map((ticks) => ticks / 100);
const inputArb: fc.Arbitrary<PositionSizeInput> = fc
  .record({
    balance: fc.integer({ min: 100, max: 100_000_000 }).map((cents) => cents / 100),
    riskMode: fc.constantFrom('percent' as const, 'money' as const),
    percent: fc.integer({ min: 1, max: 10_000 }).map((basis) => basis / 100),
    money: fc.integer({ min: 1, max: 10_000_000 }).map((cents) => cents / 100),
    entry: price,
    stop: price,
    valuePerPoint: fc.constantFrom(...Object.values(INSTRUMENTS).map((i) => i.valuePerPoint), 0.1, 10),
    lotStep: fc.constantFrom(0.01, 0.1, 1),
  })
  .filter((r) => r.entry !== r.stop)
  .map(({ percent, money, ...rest }) => ({ ...rest, risk: rest.riskMode === 'percent' ? percent : money }));

/** Cents lost by a stop-out of `lots`, computed independently in floats (hence the tolerance below). */
function lossCents(input: PositionSizeInput, lots: number): number {
  return Math.abs(input.entry - input.stop) * input.valuePerPoint * lots * 100;
}
const slack = (cents: number) => 1e-6 + Math.abs(cents) * 1e-9;

describe('position size properties', () => {
  it('never risks more than asked, and one more step would', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const size = positionSize(input);
        expect(size.riskCents).toBeLessThanOrEqual(size.riskAskedCents);
        expect(lossCents(input, size.lots)).toBeLessThanOrEqual(size.riskAskedCents + slack(size.riskAskedCents));
        expect(lossCents(input, size.lots + input.lotStep)).toBeGreaterThan(size.riskAskedCents - slack(size.riskAskedCents));
      }),
    );
  });

  it('orders lots in whole steps', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const steps = positionSize(input).lots / input.lotStep;
        // Lots are a float: dividing 10^8 lots by 0.01 is off by ~10^-6 from whole, so the slack
        // grows with the count (float error is ~10^-16 of it); a lot off its step misses by far more.
        expect(Math.abs(steps - Math.round(steps))).toBeLessThan(Math.max(1e-9, steps * 1e-12));
      }),
    );
  });

  it('puts each R target one stop distance further from the entry, away from the stop', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const size = positionSize(input);
        expect(size.side).toBe(input.entry > input.stop ? 'long' : 'short');
        const away = size.side === 'long' ? 1 : -1;
        for (const { r, price } of size.targets) {
          const expected = input.entry + away * r * Math.abs(input.entry - input.stop);
          if (expected <= 0) expect(price).toBeNull();
          else expect(price).toBeCloseTo(expected, 6);
        }
      }),
    );
  });
});
