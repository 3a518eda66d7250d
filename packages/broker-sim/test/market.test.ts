import { describe, expect, it } from 'vitest';
import { barsAtResolution, barsFor, findInstrument, newYorkClock, quoteAt } from '../src/index.ts';

const MIN = 60_000;
const nyFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

describe('the seeded market', () => {
  it('produces the same bars for the same range, whenever and however it is asked', () => {
    const from = Date.UTC(2025, 2, 3, 14, 0);
    const whole = barsFor('NAS100', from, from + 600 * MIN);
    const again = barsFor('NAS100', from, from + 600 * MIN);
    const secondHalf = barsFor('NAS100', from + 300 * MIN, from + 600 * MIN);
    expect(again).toEqual(whole);
    expect(whole.slice(-secondHalf.length)).toEqual(secondHalf);
    expect(barsFor('SPX', from, from + 10 * MIN)).not.toEqual(
      barsFor('NAS100', from, from + 10 * MIN),
    );
  });

  it('is continuous: each minute opens at the previous close, and bars are well formed', () => {
    const inst = findInstrument('XAUUSD')!;
    const bars = barsFor(inst, Date.UTC(2025, 4, 6, 13, 0), Date.UTC(2025, 4, 6, 20, 0));
    for (let i = 1; i < bars.length; i++) {
      const [prev, bar] = [bars[i - 1]!, bars[i]!];
      if (bar.t - prev.t === MIN) expect(bar.o).toBe(prev.c);
      expect(bar.h).toBeGreaterThanOrEqual(Math.max(bar.o, bar.c));
      expect(bar.l).toBeLessThanOrEqual(Math.min(bar.o, bar.c));
      expect(Math.abs(bar.c / bar.o - 1)).toBeLessThan(0.01);
      expect(Math.round(bar.c / inst.tickSize) * inst.tickSize).toBeCloseTo(bar.c, 6);
    }
  });

  it('stays in a realistic band over a year', () => {
    const bars = barsAtResolution('NAS100', '1D', Date.UTC(2024, 0, 1), Date.UTC(2024, 11, 31));
    expect(bars.length).toBeGreaterThan(250);
    for (const bar of bars) expect(bar.c).toBeGreaterThan(10_000);
    for (const bar of bars) expect(bar.c).toBeLessThan(40_000);
  });

  it('keeps index and metal CFDs closed at weekends and in the 17:00–18:00 New York break', () => {
    for (const [from, to] of [
      [Date.UTC(2025, 0, 10), Date.UTC(2025, 0, 14)], // winter (EST)
      [Date.UTC(2025, 6, 11), Date.UTC(2025, 6, 15)], // summer (EDT)
    ] as const) {
      for (const bar of barsFor('US30', from, to)) {
        const parts = Object.fromEntries(
          nyFormat.formatToParts(new Date(bar.t)).map((p) => [p.type, p.value]),
        );
        const minuteOfDay = Number(parts.hour) * 60 + Number(parts.minute);
        expect(parts.weekday).not.toBe('Sat');
        expect(minuteOfDay >= 17 * 60 && minuteOfDay < 18 * 60).toBe(false);
        if (parts.weekday === 'Fri') expect(minuteOfDay).toBeLessThan(17 * 60);
        if (parts.weekday === 'Sun') expect(minuteOfDay).toBeGreaterThanOrEqual(18 * 60);
      }
      expect(barsFor('BTCUSD', from, to)).toHaveLength((to - from) / MIN + 1);
    }
    const saturday = Date.UTC(2025, 0, 11, 12);
    expect(barsFor('GER40', saturday, saturday + 3_600_000)).toEqual([]);
    expect(quoteAt('GER40', saturday).open).toBe(false);
  });

  it('agrees with Intl on the New York clock across DST changes', () => {
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2026, 0, 1); t += 7_919 * MIN) {
      const parts = Object.fromEntries(
        nyFormat.formatToParts(new Date(t)).map((p) => [p.type, p.value]),
      );
      const clock = newYorkClock(t);
      expect(clock.minuteOfDay).toBe(Number(parts.hour) * 60 + Number(parts.minute));
      expect(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][clock.weekday]).toBe(parts.weekday);
    }
  });

  it('aggregates higher resolutions from the same minutes', () => {
    const from = Date.UTC(2025, 0, 15, 14, 0);
    const ones = barsFor('ETHUSD', from, from + 15 * MIN - 1);
    const [fifteen] = barsAtResolution('ETHUSD', '15m', from, from);
    expect(fifteen).toEqual({
      t: from,
      o: ones[0]!.o,
      h: Math.max(...ones.map((b) => b.h)),
      l: Math.min(...ones.map((b) => b.l)),
      c: ones.at(-1)!.c,
      v: ones.reduce((sum, b) => sum + b.v, 0),
    });
  });

  it('quotes a realistic spread around the current path', () => {
    const inst = findInstrument('NAS100')!;
    const at = Date.UTC(2025, 0, 15, 15, 0, 30);
    const quote = quoteAt(inst, at);
    const [bar] = barsFor(inst, at - 30_000, at);
    expect(quote.ask - quote.bid).toBeCloseTo(inst.spreadTicks * inst.tickSize, 6);
    expect(quote.mid).toBeGreaterThanOrEqual(bar!.l);
    expect(quote.mid).toBeLessThanOrEqual(bar!.h);
  });
});
