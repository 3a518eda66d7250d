import { describe, it, expect } from 'vitest';
import { DateTime } from 'luxon';
import {
  instantMs,
  memberMomentText,
  isCalendarDate,
  memberTimeZone,
  longDateLabel,
  monthGrid,
  monthKeyOf,
  monthLabel,
  parseDayParam,
  shiftMonth,
  toDateTime,
  torontoDateOf,
  tradeDateOf,
} from '../src/trade-dates.ts';
import { torontoDayBounds } from '../src/calendar-months.ts';

describe('toDateTime', () => {
  it('reads ISO, SQL-style text, Dates, millis and DateTimes', () => {
    expect(toDateTime('2025-01-05T10:00:00Z')?.toMillis()).toBe(Date.UTC(2025, 0, 5, 10));
    expect(toDateTime('2025-01-05 10:00:00')?.toMillis()).toBe(Date.UTC(2025, 0, 5, 10));
    expect(toDateTime(new Date(Date.UTC(2025, 0, 5)))?.toMillis()).toBe(Date.UTC(2025, 0, 5));
    expect(toDateTime(0)?.toMillis()).toBe(0);
    const dt = DateTime.utc(2025, 1, 5);
    expect(toDateTime(dt)).toBe(dt);
  });
  it('reads text without an offset as UTC', () => {
    expect(toDateTime('2025-01-05T10:00')?.toMillis()).toBe(Date.UTC(2025, 0, 5, 10));
  });
  it('gives null for missing or invalid input', () => {
    expect(toDateTime(null)).toBeNull();
    expect(toDateTime('')).toBeNull();
    expect(toDateTime('not a date')).toBeNull();
    expect(toDateTime(new Date(Number.NaN))).toBeNull();
  });
});

describe('instantMs', () => {
  it('reads zoned ISO text natively, to the same instant as luxon', () => {
    for (const text of [
      '2025-01-05T10:00:00Z',
      '2025-01-05T10:00:00.123Z',
      '2025-07-01T09:31:00-04:00',
      '2025-03-09T02:30+05:30',
      '2024-02-29T23:59:59.5+00:00',
    ]) {
      expect(instantMs(text)).toBe(toDateTime(text)!.toMillis());
    }
  });
  it('reads other text, Dates and millis like toDateTime', () => {
    expect(instantMs('2025-01-05 10:00:00')).toBe(Date.UTC(2025, 0, 5, 10));
    expect(instantMs('2025-01-05T10:00')).toBe(Date.UTC(2025, 0, 5, 10));
    expect(instantMs(new Date(Date.UTC(2025, 0, 5)))).toBe(Date.UTC(2025, 0, 5));
    expect(instantMs(0)).toBe(0);
  });
  it('gives null for missing or invalid input', () => {
    expect(instantMs(null)).toBeNull();
    expect(instantMs(undefined)).toBeNull();
    expect(instantMs('')).toBeNull();
    expect(instantMs('not a date')).toBeNull();
    expect(instantMs('2025-13-01T00:00:00Z')).toBeNull();
  });
});

describe('tradeDateOf', () => {
  it('[T108] uses the Toronto date of the exit time', () => {
    // 03:30 UTC on the 6th is 22:30 on the 5th in Toronto (EST).
    expect(
      tradeDateOf({ entry_time: '2025-01-06T02:00:00Z', exit_time: '2025-01-06T03:30:00Z' }),
    ).toBe('2025-01-05');
  });
  it('[T108] falls back to the entry time when the exit is missing or invalid', () => {
    expect(tradeDateOf({ entry_time: '2025-07-01T14:00:00Z' })).toBe('2025-07-01');
    expect(tradeDateOf({ entry_time: '2025-07-01T14:00:00Z', exit_time: 'garbage' })).toBe(
      '2025-07-01',
    );
    expect(tradeDateOf({ entry_time: '2025-07-01T14:00:00Z', exit_time: null })).toBe('2025-07-01');
  });
  it('is null without times', () => {
    expect(tradeDateOf({})).toBeNull();
  });
  it('respects the offset in summer (EDT, UTC-4)', () => {
    expect(torontoDateOf('2025-07-02T03:59:00Z')).toBe('2025-07-01');
    expect(torontoDateOf('2025-07-02T04:00:00Z')).toBe('2025-07-02');
  });
});

describe('isCalendarDate', () => {
  it('accepts real days, leap days included, and nothing else', () => {
    expect(['2026-01-05', '2024-02-29', '2026-03-08', '2026-11-01'].every(isCalendarDate)).toBe(true);
    for (const bad of ['2025-02-29', '2026-13-01', '2026-04-31', '2026-1-5', '2026-01-05T00:00', ' 2026-01-05', '']) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });
});

describe('torontoDayBounds', () => {
  it('covers a normal day', () => {
    expect(torontoDayBounds('2025-01-05')).toEqual({
      from: '2025-01-05T05:00:00.000Z',
      to: '2025-01-06T04:59:59.999Z',
    });
  });
  it('is 23 hours on the spring-forward day', () => {
    expect(torontoDayBounds('2025-03-09')).toEqual({
      from: '2025-03-09T05:00:00.000Z',
      to: '2025-03-10T03:59:59.999Z',
    });
  });
  it('is 25 hours on the fall-back day', () => {
    expect(torontoDayBounds('2025-11-02')).toEqual({
      from: '2025-11-02T04:00:00.000Z',
      to: '2025-11-03T04:59:59.999Z',
    });
  });
  it('rejects invalid dates', () => {
    expect(torontoDayBounds('2025-02-30')).toBeNull();
    expect(torontoDayBounds('2025-1-5')).toBeNull();
  });
});

describe('parseDayParam', () => {
  it('uses the first ten characters', () => {
    expect(parseDayParam('2025-01-05')).toBe('2025-01-05');
    expect(parseDayParam('2025-01-05T10:00:00Z')).toBe('2025-01-05');
    expect(parseDayParam('2025-01-05junk')).toBe('2025-01-05');
    expect(parseDayParam(['2024-02-29'])).toBe('2024-02-29');
  });
  it('rejects invalid or missing dates', () => {
    expect(parseDayParam('2025-02-29')).toBeNull();
    expect(parseDayParam('2025-13-01')).toBeNull();
    expect(parseDayParam('20250105')).toBeNull();
    expect(parseDayParam('')).toBeNull();
    expect(parseDayParam(undefined)).toBeNull();
    expect(parseDayParam(20250105)).toBeNull();
  });
});

describe('labels', () => {
  it('formats the long date of the daily log', () => {
    expect(longDateLabel('2026-01-05')).toBe('Monday, January 5, 2026');
    expect(longDateLabel('nope')).toBeNull();
  });
  it('handles month keys', () => {
    expect(monthLabel('2025-03')).toBe('March 2025');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2025-01', -1)).toBe('2024-12');
    expect(shiftMonth('2025-13', 1)).toBeNull();
    expect(monthKeyOf('2025-02-01T03:00:00Z')).toBe('2025-01');
  });
});

describe('monthGrid', () => {
  it('[T73] starts on Sunday and pads with neighbouring days', () => {
    const grid = monthGrid('2025-02');
    expect(grid?.label).toBe('February 2025');
    expect(grid?.weeks).toHaveLength(5);
    const first = grid?.weeks[0]?.days;
    expect(first?.[0]).toEqual({ date: '2025-01-26', dayOfMonth: 26, weekday: 0, inMonth: false });
    expect(first?.[6]).toEqual({ date: '2025-02-01', dayOfMonth: 1, weekday: 6, inMonth: true });
    expect(grid?.weeks[4]?.days[6]?.date).toBe('2025-03-01');
  });
  it('uses four rows when the month fits exactly', () => {
    const grid = monthGrid('2026-02');
    expect(grid?.weeks).toHaveLength(4);
    expect(grid?.weeks[0]?.days[0]?.date).toBe('2026-02-01');
    expect(grid?.weeks[3]?.days[6]?.date).toBe('2026-02-28');
  });
  it('uses six rows when needed', () => {
    expect(monthGrid('2025-08')?.weeks).toHaveLength(6);
  });
  it('numbers rows by the ISO week of their Monday', () => {
    const grid = monthGrid('2026-01');
    // Row Sun 2025-12-28 .. Sat 2026-01-03: Monday 2025-12-29 is ISO week 1 of 2026.
    expect(grid?.weeks[0]?.weekNumber).toBe(1);
    expect(grid?.weeks.map((w) => w.weekNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(monthGrid('2025-12')?.weeks.at(-1)?.weekNumber).toBe(1);
  });
  it('gives consecutive dates across DST changes', () => {
    for (const month of ['2025-03', '2025-11']) {
      const dates = monthGrid(month)?.weeks.flatMap((w) => w.days.map((d) => d.date)) ?? [];
      for (let i = 1; i < dates.length; i += 1) {
        const prev = DateTime.fromISO(dates[i - 1] ?? '');
        expect(prev.plus({ days: 1 }).toISODate()).toBe(dates[i]);
      }
    }
  });
  it('agrees with luxon on every day, weekday, week number and label from 2000 to 2040', () => {
    for (let year = 2000; year <= 2040; year += 1) {
      for (let m = 1; m <= 12; m += 1) {
        const month = `${year}-${String(m).padStart(2, '0')}`;
        const grid = monthGrid(month)!;
        const start = DateTime.utc(year, m, 1);
        expect(grid.label).toBe(start.setLocale('en-US').toFormat('LLLL yyyy'));
        let day = start.minus({ days: start.weekday % 7 });
        for (const week of grid.weeks) {
          expect(week.weekNumber).toBe(day.plus({ days: 1 }).weekNumber);
          for (const cell of week.days) {
            expect(cell).toEqual({ date: day.toISODate(), dayOfMonth: day.day, weekday: day.weekday % 7, inMonth: day.month === m });
            day = day.plus({ days: 1 });
          }
        }
        expect(day > start.endOf('month')).toBe(true);
        expect(day.minus({ days: 7 }) <= start.endOf('month')).toBe(true);
      }
    }
  });
  it('rejects invalid months', () => {
    expect(monthGrid('2025-13')).toBeNull();
    expect(monthGrid('2025-1')).toBeNull();
    expect(monthGrid('2025-00')).toBeNull();
  });
});

describe('memberTimeZone', () => {
  it("is the profile's zone when valid, else Toronto time, whatever the device's zone", () => {
    const device = process.env.TZ;
    process.env.TZ = 'Asia/Singapore';
    try {
      expect(memberTimeZone('Europe/London')).toBe('Europe/London');
      expect(memberTimeZone(null)).toBe('America/Toronto');
      expect(memberTimeZone('  ')).toBe('America/Toronto');
      expect(memberTimeZone('Mars/Olympus')).toBe('America/Toronto');
    } finally {
      process.env.TZ = device;
    }
  });
});

describe('memberMomentText', () => {
  it("writes a moment in the member's zone, Toronto when their profile names none or an unknown one", () => {
    const at = new Date('2026-11-28T05:00:00Z');
    expect(memberMomentText(at, 'Asia/Singapore')).toBe('November 28, 2026 at 1:00 PM GMT+8');
    expect(memberMomentText(at, null)).toBe('November 28, 2026 at 12:00 AM EST');
    expect(memberMomentText(at, 'Mars/Olympus')).toBe('November 28, 2026 at 12:00 AM EST');
  });
});
