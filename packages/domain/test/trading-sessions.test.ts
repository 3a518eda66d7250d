import { describe, it, expect } from 'vitest';
import { DateTime } from 'luxon';
import {
  SESSION_LABELS,
  sessionLabelAt,
  sessionLabelFor,
  sessionWindowsFor,
} from '../src/trading-sessions.ts';

/** A Toronto wall-clock time as UTC ISO. */
const toronto = (text: string): string =>
  DateTime.fromISO(text, { zone: 'America/Toronto' }).toUTC().toISO() ?? '';

describe('[T109] sessionLabelAt', () => {
  it.each([
    ['2025-01-06T19:00', 'Asian Range'],
    ['2025-01-06T23:59', 'Asian Range'],
    ['2025-01-07T00:00', 'Asian Range'],
    ['2025-01-07T00:59', 'Asian Range'],
    ['2025-01-07T01:00', 'London'],
    ['2025-01-07T03:59', 'London'],
    ['2025-01-07T04:00', 'Early Premarket'],
    ['2025-01-07T08:39', 'Early Premarket'],
    ['2025-01-07T08:40', 'Premarket'],
    ['2025-01-07T09:29', 'Premarket'],
    ['2025-01-07T09:30', 'New York'],
    ['2025-01-07T15:59', 'New York'],
    ['2025-01-07T16:00', 'After Hours'],
    ['2025-01-07T18:59', 'After Hours'],
  ])('labels %s Toronto as %s', (time, label) => {
    expect(sessionLabelAt(toronto(time))).toBe(label);
  });
  it('uses Toronto time in summer (EDT)', () => {
    // 13:30 UTC is 09:30 EDT, but would be 08:30 under EST.
    expect(sessionLabelAt('2025-07-07T13:30:00Z')).toBe('New York');
    expect(sessionLabelAt('2025-01-07T13:30:00Z')).toBe('Early Premarket');
  });
  it('seconds do not move a trade to the next session', () => {
    expect(sessionLabelAt(toronto('2025-01-07T09:29:59'))).toBe('Premarket');
  });
  it('is null for unreadable times', () => {
    expect(sessionLabelAt('')).toBeNull();
  });
});

describe('sessionLabelFor', () => {
  it('prefers the entry time, else the exit time', () => {
    expect(sessionLabelFor(toronto('2025-01-07T09:45'), toronto('2025-01-07T16:30'))).toBe(
      'New York',
    );
    expect(sessionLabelFor(null, toronto('2025-01-07T16:30'))).toBe('After Hours');
    expect(sessionLabelFor(undefined)).toBeNull();
  });
});

describe('sessionWindowsFor', () => {
  it('gives [from, to) windows starting the previous evening', () => {
    const windows = sessionWindowsFor('2025-01-07');
    expect(windows?.map((w) => w.label)).toEqual([...SESSION_LABELS]);
    expect(windows?.[0]).toEqual({
      label: 'Asian Range',
      fromUtc: '2025-01-07T00:00:00.000Z',
      toUtc: '2025-01-07T06:00:00.000Z',
    });
    expect(windows?.[4]).toEqual({
      label: 'New York',
      fromUtc: '2025-01-07T14:30:00.000Z',
      toUtc: '2025-01-07T21:00:00.000Z',
    });
    expect(windows?.[5]?.toUtc).toBe('2025-01-08T00:00:00.000Z');
  });
  it('tiles the trading day without gaps and hands over to the next day', () => {
    for (const date of ['2025-01-07', '2025-03-09', '2025-03-10', '2025-11-02', '2025-11-03']) {
      const windows = sessionWindowsFor(date) ?? [];
      expect(windows).toHaveLength(6);
      for (let i = 1; i < windows.length; i += 1) {
        expect(windows[i]?.fromUtc).toBe(windows[i - 1]?.toUtc);
      }
      const next = DateTime.fromISO(date).plus({ days: 1 }).toISODate() ?? '';
      expect(sessionWindowsFor(next)?.[0]?.fromUtc).toBe(windows[5]?.toUtc);
    }
  });
  it('agrees with sessionLabelAt at every boundary', () => {
    for (const date of ['2025-01-07', '2025-03-09', '2025-11-02']) {
      for (const window of sessionWindowsFor(date) ?? []) {
        expect(sessionLabelAt(window.fromUtc)).toBe(window.label);
        const lastMinute = DateTime.fromISO(window.toUtc).minus({ minutes: 1 }).toISO() ?? '';
        expect(sessionLabelAt(lastMinute)).toBe(window.label);
      }
    }
  });
  it('shortens London on the spring-forward day', () => {
    const london = sessionWindowsFor('2025-03-09')?.[1];
    // 01:00 EST (06:00Z) to 04:00 EDT (08:00Z): two real hours.
    expect(london).toEqual({
      label: 'London',
      fromUtc: '2025-03-09T06:00:00.000Z',
      toUtc: '2025-03-09T08:00:00.000Z',
    });
    // The Asian Range began the previous evening under EST.
    expect(sessionWindowsFor('2025-03-09')?.[0]?.fromUtc).toBe('2025-03-09T00:00:00.000Z');
  });
  it('keeps a sensible order on the fall-back day', () => {
    const windows = sessionWindowsFor('2025-11-02') ?? [];
    // The evening before is still EDT: 19:00 EDT is 23:00Z.
    expect(windows[0]?.fromUtc).toBe('2025-11-01T23:00:00.000Z');
    // New York opens at 09:30 EST after the change.
    expect(windows[4]?.fromUtc).toBe('2025-11-02T14:30:00.000Z');
    for (const w of windows) expect(Date.parse(w.toUtc)).toBeGreaterThan(Date.parse(w.fromUtc));
  });
  it('rejects invalid dates', () => {
    expect(sessionWindowsFor('2025-02-30')).toBeNull();
  });
});

describe('[T109] session labels across DST changes', () => {
  // The spec's table (trading-tools §4.4) from the latest start, on Toronto wall time read by luxon.
  const spec: [number, string][] = [
    [19 * 60, 'Asian Range'],
    [16 * 60, 'After Hours'],
    [9 * 60 + 30, 'New York'],
    [8 * 60 + 40, 'Premarket'],
    [4 * 60, 'Early Premarket'],
    [60, 'London'],
    [0, 'Asian Range'],
  ];
  const luxonLabel = (ms: number) => {
    const wall = DateTime.fromMillis(ms, { zone: 'America/Toronto' });
    return spec.find(([from]) => wall.hour * 60 + wall.minute >= from)?.[1];
  };
  const HOUR = 3_600_000;
  /** The instants labelled otherwise than luxon reads them (one expect: vitest's cost more than a label). */
  const mismatches = (instants: number[]) =>
    instants
      .filter((ms) => sessionLabelAt(ms) !== luxonLabel(ms))
      .map((ms) => `${new Date(ms).toISOString()}: ${sessionLabelAt(ms)}`);
  it('labels as luxon reads Toronto time, every 3 h 1 min 7 s of 2016-2027', () => {
    const instants: number[] = [];
    for (let ms = Date.UTC(2016, 0, 1); ms < Date.UTC(2028, 0, 1); ms += (181 * 60 + 7) * 1000)
      instants.push(ms);
    expect(mismatches(instants)).toEqual([]);
  });
  it('labels every minute of the night of each DST change of 1990-2040 as luxon does', () => {
    const offset = (ms: number) => DateTime.fromMillis(ms, { zone: 'America/Toronto' }).offset;
    for (let year = 1990; year <= 2040; year += 1) {
      // Days of March-April and October-November whose noon (UTC) is at another offset than the day before.
      const seasons: [number, number][] = [
        [Date.UTC(year, 2, 1, 12), Date.UTC(year, 4, 1, 12)],
        [Date.UTC(year, 9, 1, 12), Date.UTC(year, 11, 1, 12)],
      ];
      for (const [from, to] of seasons) {
        let changes = 0;
        for (let noon = from; noon < to; noon += 24 * HOUR) {
          if (offset(noon) === offset(noon - 24 * HOUR)) continue;
          changes += 1;
          // 04:00-10:00 UTC: Toronto's 23:00 or midnight to 05:00 or 06:00, its 01:00 and 04:00 between.
          const night = noon - 8 * HOUR;
          expect(
            mismatches(Array.from({ length: 360 }, (_, minute) => night + minute * 60_000)),
          ).toEqual([]);
        }
        expect(changes).toBe(1);
      }
    }
  });
});
