import { describe, expect, it } from 'vitest';
import { aggregateBars, sessionSpans, tradeChartWindow, tradeExcursions } from '../src/trade-chart.ts';
import type { Bar } from '../src/orb/types.ts';

const MINUTE = 60_000;
const T0 = Date.parse('2025-02-03T14:30:00Z'); // 9:30 Toronto, a Monday in winter
const at = (minutes: number, seconds = 0) => T0 + minutes * MINUTE + seconds * 1000;
const bar = (minute: number, o: number, h: number, l: number, c: number): Bar => ({ t: at(minute), o, h, l, c });
const iso = (ms: number) => new Date(ms).toISOString();

describe('aggregateBars', () => {
  const minutes = [bar(0, 10, 12, 9, 11), bar(1, 11, 15, 10, 14), bar(2, 14, 14, 8, 9), bar(4, 9, 10, 7, 10), bar(5, 10, 11, 10, 11)];

  it('keeps one-minute bars as they are', () => {
    expect(aggregateBars(minutes, 1)).toEqual(minutes);
  });

  it('gathers 5 minutes on the clock: first open, highest high, lowest low, last close', () => {
    expect(aggregateBars(minutes, 5)).toEqual([
      { t: at(0), o: 10, h: 15, l: 7, c: 10 },
      { t: at(5), o: 10, h: 11, l: 10, c: 11 },
    ]);
  });

  it('leaves a period without any minute as a gap, not a flat bar', () => {
    const gappy = [bar(0, 10, 11, 9, 10), bar(31, 20, 21, 19, 20)];
    expect(aggregateBars(gappy, 15).map((b) => (b.t - T0) / MINUTE)).toEqual([0, 30]);
    expect(aggregateBars([], 15)).toEqual([]);
  });

  it('aligns 15-minute bars to the clock even when the first minute is not on one', () => {
    const late = [bar(7, 1, 2, 0.5, 1.5), bar(16, 1.5, 3, 1, 2)];
    expect(aggregateBars(late, 15)).toEqual([
      { t: at(0), o: 1, h: 2, l: 0.5, c: 1.5 },
      { t: at(15), o: 1.5, h: 3, l: 1, c: 2 },
    ]);
  });
});

describe('tradeChartWindow', () => {
  it('pads a short trade by 30 minutes on whole minutes', () => {
    expect(tradeChartWindow(at(0, 20), at(5, 40), 20_000)).toEqual({ fromMs: at(-30), toMs: at(35) });
  });

  it('pads a long trade by half its length, at most a day', () => {
    expect(tradeChartWindow(at(0), at(240), 20_000)).toEqual({ fromMs: at(-120), toMs: at(360) });
    const week = tradeChartWindow(at(0), at(7 * 1440), 20_000)!;
    expect(week.fromMs).toBe(at(-1440));
  });

  it('shrinks the padding to stay within one history call, and refuses a longer trade', () => {
    expect(tradeChartWindow(at(0), at(99), 120)).toEqual({ fromMs: at(-10), toMs: at(109) });
    expect(tradeChartWindow(at(0), at(200), 120)).toBeNull();
    expect(tradeChartWindow(null, at(5), 120)).toBeNull();
    expect(tradeChartWindow(at(5), at(1), 120)).toBeNull();
  });
});

describe('sessionSpans', () => {
  it('clips the §4.4 sessions to the window in Toronto time', () => {
    // 9:00 to 10:00 Toronto: the end of Premarket, then New York from 9:30.
    expect(sessionSpans(at(-30), at(30))).toEqual([
      { label: 'Premarket', fromMs: at(-30), toMs: at(0) },
      { label: 'New York', fromMs: at(0), toMs: at(30) },
    ]);
  });

  it('crosses the 19:00 start of the next trading date', () => {
    const from = Date.parse('2025-02-03T23:30:00Z'); // 18:30 Toronto
    const spans = sessionSpans(from, from + 60 * MINUTE);
    expect(spans.map((s) => s.label)).toEqual(['After Hours', 'Asian Range']);
    expect(spans[1]!.fromMs).toBe(Date.parse('2025-02-04T00:00:00Z'));
  });
});

describe('tradeExcursions', () => {
  // Entry 9:30:30, exit 9:33:20; minutes 9:31 and 9:32 are wholly inside the trade.
  const bars = [
    bar(-1, 100, 130, 70, 100), // before the entry: ignored
    bar(0, 100, 125, 80, 101), // entry minute: only its close (101) surely seen
    bar(1, 101, 108, 95, 104),
    bar(2, 104, 112, 99, 110),
    bar(3, 109, 140, 60, 111), // exit minute: only its open (109) surely seen
    bar(4, 111, 150, 50, 111), // after the exit: ignored
  ];
  const base = {
    instrument: 'NAS100',
    quantity: '2',
    entry_time: iso(at(0, 30)),
    exit_time: iso(at(3, 20)),
    entry_price: '100',
    exit_price: '106',
  };

  it('measures a long trade in points, money and R, with R left on the table', () => {
    const result = tradeExcursions({ ...base, side: 'buy', stop_loss: '90' }, bars)!;
    // Low 95 (9:31), high 112 (9:32); risk 10 points × 2 lots × 1 = 20.
    expect(result).toMatchObject({
      maePoints: 5,
      mfePoints: 12,
      maeMoney: 10,
      mfeMoney: 24,
      maeR: 0.5,
      mfeR: 1.2,
      leftOnTableMoney: 12,
      leftOnTableR: 0.6,
      worstPrice: 95,
      bestPrice: 112,
      timeInTradeMs: 170_000,
    });
  });

  it('measures a short trade the other way round', () => {
    const result = tradeExcursions({ ...base, side: 'sell', exit_price: '97', stop_loss: '115' }, bars)!;
    // High 112 against, low 95 for; moved 3 for; risk 15 × 2 = 30.
    expect(result).toMatchObject({ maePoints: 12, mfePoints: 5, maeMoney: 24, mfeMoney: 10, maeR: 0.8, mfeR: 0.33, leftOnTableMoney: 4 });
    expect(result.leftOnTableR).toBeCloseTo(0.13, 2);
  });

  it('gives money only when the trade has no stop or risk', () => {
    const result = tradeExcursions({ ...base, side: 'buy' }, bars)!;
    expect(result.maeMoney).toBe(10);
    expect(result.maeR).toBeNull();
    expect(result.mfeR).toBeNull();
    expect(result.leftOnTableR).toBeNull();
  });

  it('counts of a partial exit minute only its open, and of the entry minute only its close', () => {
    // The exit minute's 140 high and 60 low may come after the exit; the entry minute's 125
    // and 80 may come before the entry.
    const result = tradeExcursions({ ...base, side: 'buy' }, bars)!;
    expect(result.bestPrice).toBe(112);
    expect(result.worstPrice).toBe(95);
  });

  it('inside one minute counts only the entry and exit prices', () => {
    const result = tradeExcursions({ ...base, side: 'buy', exit_time: iso(at(0, 50)), exit_price: '103' }, bars)!;
    expect(result).toMatchObject({ maePoints: 0, mfePoints: 3, leftOnTableMoney: 0 });
  });

  it('is null without bars touching the trade, or without its prices, times or side', () => {
    expect(tradeExcursions({ ...base, side: 'buy' }, [])).toBeNull();
    expect(tradeExcursions({ ...base, side: 'buy' }, [bar(-5, 1, 2, 0, 1), bar(10, 1, 2, 0, 1)])).toBeNull();
    expect(tradeExcursions({ ...base, side: 'buy', exit_price: null }, bars)).toBeNull();
    expect(tradeExcursions({ ...base, side: 'buy', exit_time: null }, bars)).toBeNull();
    expect(tradeExcursions({ ...base, side: null }, bars)).toBeNull();
  });

  it('never reports a negative excursion when the trade only went one way', () => {
    const up = [bar(1, 101, 108, 100.5, 104)];
    const result = tradeExcursions({ ...base, side: 'buy' }, up)!;
    expect(result.maePoints).toBe(0);
    expect(result.mfePoints).toBe(8);
  });
});
