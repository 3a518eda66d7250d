import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { monthGrid, monthGridRange, torontoDayBounds, torontoMonthOf, TRADE_TIME_ZONE } from '../src/index.ts';

describe('calendar months without luxon (TradeDesk’s route loader)', () => {
  it('span exactly the dates the calendar grid shows, for every month of four years', () => {
    for (let year = 2024; year <= 2027; year += 1) {
      for (let month = 1; month <= 12; month += 1) {
        const key = `${year}-${String(month).padStart(2, '0')}`;
        const weeks = monthGrid(key)!.weeks;
        expect(monthGridRange(key), key).toEqual({ from: weeks[0]!.days[0]!.date, to: weeks.at(-1)!.days[6]!.date });
      }
    }
  });

  it('are no month for text that is not one', () => {
    expect(monthGridRange('2026-13')).toBeNull();
    expect(monthGridRange('2026-00')).toBeNull();
    expect(monthGridRange('2026-1')).toBeNull();
  });

  it('read the month in Toronto, whatever the moment’s UTC date', () => {
    // 23:30 in Toronto on November 30th is already December 1st in UTC.
    expect(torontoMonthOf(new Date('2026-12-01T04:30:00Z'))).toBe('2026-11');
    expect(torontoMonthOf(new Date('2026-12-01T05:30:00Z'))).toBe('2026-12');
  });
});

describe('a Toronto day\'s bounds without luxon (the daily log\'s route loader)', () => {
  it('are the first and last millisecond luxon gives for every day of 2019–2031, DST days included', () => {
    const mismatches: string[] = [];
    for (let day = DateTime.utc(2019, 1, 1); day.year < 2032; day = day.plus({ days: 1 })) {
      const date = day.toISODate()!;
      const start = DateTime.fromISO(date, { zone: TRADE_TIME_ZONE }).startOf('day');
      const expected = { from: start.toUTC().toISO(), to: start.endOf('day').toUTC().toISO() };
      if (JSON.stringify(torontoDayBounds(date)) !== JSON.stringify(expected)) mismatches.push(date);
    }
    expect(mismatches).toEqual([]);
  });

  it('are no day for text that is not a calendar date', () => {
    for (const date of ['2026-02-30', '2026-13-01', '2026-00-10', '2026-1-01', 'today', '']) expect(torontoDayBounds(date), date).toBeNull();
  });
});
