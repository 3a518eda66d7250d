import { describe, expect, it } from 'vitest';
import { torontoDayBounds } from '@th/domain';
import { dailyLogDayBounds } from './daily-log-calls';

describe('dailyLogDayBounds', () => {
  it('agrees with the domain torontoDayBounds on every day of 2019–2031, DST days included', () => {
    const day = new Date(Date.UTC(2019, 0, 1));
    const mismatches: string[] = [];
    while (day.getUTCFullYear() < 2032) {
      const date = day.toISOString().slice(0, 10);
      if (JSON.stringify(dailyLogDayBounds(date)) !== JSON.stringify(torontoDayBounds(date))) mismatches.push(date);
      day.setUTCDate(day.getUTCDate() + 1);
    }
    expect(mismatches).toEqual([]);
  });

  it('gives the 23- and 25-hour days their length', () => {
    expect(dailyLogDayBounds('2026-03-08')).toEqual({ from: '2026-03-08T05:00:00.000Z', to: '2026-03-09T03:59:59.999Z' });
    expect(dailyLogDayBounds('2026-11-01')).toEqual({ from: '2026-11-01T04:00:00.000Z', to: '2026-11-02T04:59:59.999Z' });
  });

  it('refuses what is not a calendar date, as the domain does', () => {
    for (const date of ['2026-02-30', '2026-13-01', '2026-00-10', '2026-1-01', 'today', ''])
      expect([date, dailyLogDayBounds(date)]).toEqual([date, torontoDayBounds(date)]);
  });
});
