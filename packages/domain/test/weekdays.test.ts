import { describe, it, expect } from 'vitest';
import {
  WEEKDAY_KEYS,
  WEEKDAY_LABELS,
  isWeekdayKey,
  luxonToSundayFirst,
  luxonToWeekdayKey,
  normaliseRunDays,
  sundayFirstToLuxon,
  sundayFirstToWeekdayKey,
  weekdayKeyToLuxon,
  weekdayKeyToSundayFirst,
} from '../src/weekdays.ts';

describe('weekdays', () => {
  it('lists keys Monday first with labels', () => {
    expect(WEEKDAY_KEYS).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    expect(WEEKDAY_LABELS.sun).toBe('Sun');
  });
  it('converts keys to luxon numbers and back', () => {
    expect(weekdayKeyToLuxon('mon')).toBe(1);
    expect(weekdayKeyToLuxon('sun')).toBe(7);
    expect(luxonToWeekdayKey(7)).toBe('sun');
    expect(luxonToWeekdayKey(0)).toBeNull();
    expect(luxonToWeekdayKey(8)).toBeNull();
    expect(luxonToWeekdayKey(1.5)).toBeNull();
  });
  it('converts to and from Sunday-first numbers', () => {
    expect(weekdayKeyToSundayFirst('sun')).toBe(0);
    expect(weekdayKeyToSundayFirst('sat')).toBe(6);
    expect(sundayFirstToWeekdayKey(0)).toBe('sun');
    expect(sundayFirstToWeekdayKey(3)).toBe('wed');
    expect(sundayFirstToWeekdayKey(7)).toBeNull();
    expect(luxonToSundayFirst(7)).toBe(0);
    expect(sundayFirstToLuxon(0)).toBe(7);
    for (const key of WEEKDAY_KEYS) {
      expect(sundayFirstToWeekdayKey(weekdayKeyToSundayFirst(key))).toBe(key);
    }
  });
  it('validates and normalises run days', () => {
    expect(isWeekdayKey('fri')).toBe(true);
    expect(isWeekdayKey('Fri')).toBe(false);
    expect(normaliseRunDays(['sun', 'MON', 'mon', 'xyz', 3])).toEqual(['mon', 'sun']);
  });
});
