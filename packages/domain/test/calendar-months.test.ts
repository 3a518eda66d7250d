import { describe, expect, it } from 'vitest';
import { monthGrid, monthGridRange, torontoMonthOf } from '../src/index.ts';

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
