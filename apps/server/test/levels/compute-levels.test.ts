import { describe, expect, it } from 'vitest';
import { sessionWindowsFor } from '@th/domain';
import { computeSessionLevels, type MinuteBar } from '../../src/modules/levels/compute-levels.ts';

const MINUTE = 60_000;

/** Flat one-minute bars at `price` over [from, to), with some minutes overridden. */
function bars(fromIso: string, toIso: string, price: number, spikes: Record<string, { h?: number; l?: number }> = {}) {
  const out: MinuteBar[] = [];
  for (let t = Date.parse(fromIso); t < Date.parse(toIso); t += MINUTE) {
    const spike = spikes[new Date(t).toISOString()];
    out.push({ t, h: spike?.h ?? price, l: spike?.l ?? price });
  }
  return out;
}

const windows = (date: string) => sessionWindowsFor(date)!;
const at = (iso: string) => Date.parse(iso);
const bySession = (levels: ReturnType<typeof computeSessionLevels>) => Object.fromEntries(levels.map((l) => [l.session, l]));

describe('computeSessionLevels', () => {
  it('collects the Asian Range from 19:00 the evening before through 00:59 after midnight', () => {
    // Tuesday 2026-01-06, Toronto on EST (UTC−5): the Asian Range is 00:00Z–06:00Z.
    const levels = bySession(
      computeSessionLevels(
        bars('2026-01-05T23:00:00.000Z', '2026-01-07T00:00:00.000Z', 100, {
          '2026-01-05T23:59:00.000Z': { l: 80 }, // 18:59 Monday: the previous date's After Hours
          '2026-01-06T00:15:00.000Z': { l: 90 }, // 19:15 Monday evening
          '2026-01-06T05:30:00.000Z': { h: 110 }, // 00:30 Tuesday, after midnight
          '2026-01-06T06:00:00.000Z': { h: 120 }, // 01:00 Tuesday: London
        }),
        windows('2026-01-06'),
      ),
    );
    expect(Object.keys(levels)).toEqual(['Asian Range', 'London', 'Early Premarket', 'Premarket', 'New York', 'After Hours']);
    expect(levels['Asian Range']).toEqual({
      session: 'Asian Range',
      high: 110,
      highAt: at('2026-01-06T05:30:00Z'),
      low: 90,
      lowAt: at('2026-01-06T00:15:00Z'),
    });
    expect(levels.London).toMatchObject({ high: 120, highAt: at('2026-01-06T06:00:00Z'), low: 100 });
  });

  it('follows the clock change in spring: the sessions of Monday 2025-03-10 are on EDT', () => {
    const levels = bySession(
      computeSessionLevels(
        bars('2025-03-09T22:00:00.000Z', '2025-03-10T23:00:00.000Z', 100, {
          '2025-03-09T22:59:00.000Z': { h: 300 }, // 18:59 EDT Sunday: not this date
          '2025-03-09T23:00:00.000Z': { h: 150 }, // 19:00 EDT Sunday: the Asian Range opens
          '2025-03-10T13:30:00.000Z': { l: 50 }, // 09:30 EDT: New York open
          '2025-03-10T13:29:00.000Z': { l: 60 }, // 09:29 EDT: last Premarket minute
        }),
        windows('2025-03-10'),
      ),
    );
    expect(levels['Asian Range']).toMatchObject({ high: 150, highAt: at('2025-03-09T23:00:00Z') });
    expect(levels['New York']).toMatchObject({ low: 50, lowAt: at('2025-03-10T13:30:00Z') });
    expect(levels.Premarket).toMatchObject({ low: 60, lowAt: at('2025-03-10T13:29:00Z') });
  });

  it('gives the London session of a spring-forward night only two hours', () => {
    // Sunday 2025-03-09 (crypto trades): 01:00 EST = 06:00Z to 04:00 EDT = 08:00Z.
    const levels = bySession(
      computeSessionLevels(
        bars('2025-03-09T00:00:00.000Z', '2025-03-09T23:00:00.000Z', 100, {
          '2025-03-09T07:59:00.000Z': { h: 140 }, // 03:59 EDT: still London
          '2025-03-09T08:00:00.000Z': { h: 160 }, // 04:00 EDT: Early Premarket
        }),
        windows('2025-03-09'),
      ),
    );
    expect(levels.London).toMatchObject({ high: 140, highAt: at('2025-03-09T07:59:00Z') });
    expect(levels['Early Premarket']).toMatchObject({ high: 160 });
  });

  it('follows the clock change in autumn: London of 2025-11-02 runs four hours', () => {
    // 01:00 EDT = 05:00Z to 04:00 EST = 09:00Z; the repeated hour belongs to London.
    const levels = bySession(
      computeSessionLevels(
        bars('2025-11-01T22:00:00.000Z', '2025-11-03T00:00:00.000Z', 100, {
          '2025-11-02T05:00:00.000Z': { l: 70 },
          '2025-11-02T08:59:00.000Z': { h: 130 }, // 03:59 EST
          '2025-11-02T09:00:00.000Z': { h: 170 }, // 04:00 EST
          '2025-11-02T23:59:00.000Z': { l: 10 }, // 18:59 EST: After Hours
        }),
        windows('2025-11-02'),
      ),
    );
    expect(levels.London).toMatchObject({ high: 130, low: 70, lowAt: at('2025-11-02T05:00:00Z') });
    expect(levels['Early Premarket']).toMatchObject({ high: 170 });
    expect(levels['After Hours']).toMatchObject({ low: 10 });
  });

  it('keeps the earliest minute of a repeated high or low', () => {
    const [asian] = computeSessionLevels(
      [
        { t: at('2026-01-06T01:00:00Z'), h: 105, l: 95 },
        { t: at('2026-01-06T00:30:00Z'), h: 105, l: 95 },
        { t: at('2026-01-06T02:00:00Z'), h: 104, l: 96 },
      ],
      windows('2026-01-06'),
    );
    expect(asian).toMatchObject({ highAt: at('2026-01-06T00:30:00Z'), lowAt: at('2026-01-06T00:30:00Z') });
  });

  it('leaves out sessions that have not ended and sessions without bars', () => {
    const levels = computeSessionLevels(
      bars('2026-01-06T00:00:00.000Z', '2026-01-06T16:00:00.000Z', 100),
      windows('2026-01-06'),
      at('2026-01-06T15:00:00Z'), // 10:00 EST: New York is trading
    );
    expect(levels.map((l) => l.session)).toEqual(['Asian Range', 'London', 'Early Premarket', 'Premarket']);
    expect(computeSessionLevels([], windows('2026-01-06'))).toEqual([]);
  });
});
