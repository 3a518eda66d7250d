import { describe, it, expect } from 'vitest';
import {
  eventImpact,
  eventSurprise,
  groupEventsByDay,
  marketEventDay,
  marketEventInstant,
  marketEventMatches,
  matchesImpactFilter,
  normaliseImpact,
  parseEventValue,
} from '../src/market-events.ts';

describe('marketEventMatches', () => {
  const event = {
    title: 'Non-Farm Payrolls',
    currency: 'USD',
    country: 'United States',
    notes: 'Watch wages',
    description: null,
    detail: 'Monthly report',
  };
  it('[T119] searches every text field case-insensitively', () => {
    expect(marketEventMatches(event, 'farm')).toBe(true);
    expect(marketEventMatches(event, 'usd')).toBe(true);
    expect(marketEventMatches(event, 'UNITED')).toBe(true);
    expect(marketEventMatches(event, 'wages')).toBe(true);
    expect(marketEventMatches(event, 'monthly')).toBe(true);
    expect(marketEventMatches({ event: 'CPI y/y' }, 'cpi')).toBe(true);
    expect(marketEventMatches({ name: 'ECB Press Conference' }, 'press')).toBe(true);
    expect(marketEventMatches({ description: 'Rate decision' }, 'rate')).toBe(true);
  });
  it('matches everything with a blank query and nothing unrelated', () => {
    expect(marketEventMatches(event, '  ')).toBe(true);
    expect(marketEventMatches(event, null)).toBe(true);
    expect(marketEventMatches(event, 'gdp')).toBe(false);
    expect(marketEventMatches({}, 'gdp')).toBe(false);
  });
});

describe('impact', () => {
  it.each([
    ['High', 'HIGH'],
    ['high impact expected', 'HIGH'],
    ['MEDIUM', 'MEDIUM'],
    ['Med', 'MEDIUM'],
    ['Moderate', 'MEDIUM'],
    ['low', 'LOW'],
    ['Holiday', 'HOLIDAY'],
    [3, 'HIGH'],
    ['1', 'LOW'],
    ['', null],
    ['unknown', null],
    [null, null],
  ] as const)('%s → %s', (value, expected) => {
    expect(normaliseImpact(value)).toBe(expected);
  });
  it('[T119] reads impact, else importance, and filters', () => {
    expect(eventImpact({ importance: 'High' })).toBe('HIGH');
    expect(eventImpact({ impact: 'Low', importance: 'High' })).toBe('LOW');
    expect(matchesImpactFilter({ impact: 'High' }, 'ALL')).toBe(true);
    expect(matchesImpactFilter({ impact: 'High' }, 'HIGH')).toBe(true);
    expect(matchesImpactFilter({ impact: 'High' }, 'LOW')).toBe(false);
    expect(matchesImpactFilter({}, 'ALL')).toBe(true);
  });
});

describe('when an event happens', () => {
  it('reads timestamps in seconds or milliseconds', () => {
    expect(marketEventInstant({ timestamp: 1736343000 })?.toMillis()).toBe(1736343000000);
    expect(marketEventInstant({ timestamp: '1736343000000' })?.toMillis()).toBe(1736343000000);
  });
  it('reads datetime fields', () => {
    expect(marketEventInstant({ datetime: '2025-01-08T13:30:00Z' })?.toMillis()).toBe(
      Date.UTC(2025, 0, 8, 13, 30),
    );
    expect(marketEventInstant({ starts_at: '2025-01-08T08:30:00-05:00' })?.toMillis()).toBe(
      Date.UTC(2025, 0, 8, 13, 30),
    );
  });
  it('combines date and time in the event zone or offset', () => {
    expect(
      marketEventInstant({
        date: '2025-01-08',
        time: '8:30am',
        timezone: 'America/New_York',
      })?.toMillis(),
    ).toBe(Date.UTC(2025, 0, 8, 13, 30));
    expect(
      marketEventInstant({
        date: '2025-07-08',
        event_time: '14:00',
        timezone_offset_minutes: 60,
      })?.toMillis(),
    ).toBe(Date.UTC(2025, 6, 8, 13, 0));
    expect(marketEventInstant({ date: '2025-01-08', display_time: '12:15 PM' })?.toMillis()).toBe(
      Date.UTC(2025, 0, 8, 12, 15),
    );
    expect(marketEventInstant({ date: '2025-01-08', time: '12:05am' })?.toMillis()).toBe(
      Date.UTC(2025, 0, 8, 0, 5),
    );
  });
  it('is null without a usable time', () => {
    expect(marketEventInstant({ date: '2025-01-08', time: 'All Day' })).toBeNull();
    expect(marketEventInstant({})).toBeNull();
  });
  it('places the event on its day in the viewer zone', () => {
    // 02:00Z on the 9th is still the 8th in Toronto.
    expect(marketEventDay({ datetime: '2025-01-09T02:00:00Z' }, 'America/Toronto')).toBe(
      '2025-01-08',
    );
    expect(marketEventDay({ datetime: '2025-01-09T02:00:00Z' }, 'Europe/Berlin')).toBe(
      '2025-01-09',
    );
    expect(marketEventDay({ date: '2025-01-08', time: 'Tentative' }, 'America/Toronto')).toBe(
      '2025-01-08',
    );
    expect(marketEventDay({ date: 'soon' }, 'America/Toronto')).toBeNull();
  });
});

describe('groupEventsByDay', () => {
  it('groups by day, sorted, timed events first', () => {
    const events = [
      { id: 1, datetime: '2025-01-09T15:00:00Z' },
      { id: 2, date: '2025-01-08', time: 'All Day' },
      { id: 3, datetime: '2025-01-08T13:30:00Z' },
      { id: 4, datetime: '2025-01-09T02:00:00Z' }, // evening of the 8th in Toronto
      { id: 5 },
    ];
    const days = groupEventsByDay(events, 'America/Toronto');
    expect(days.map((d) => [d.date, d.count, d.events.map((e) => e.id)])).toEqual([
      ['2025-01-08', 3, [3, 4, 2]],
      ['2025-01-09', 1, [1]],
      ['', 1, [5]],
    ]);
    expect(days[0]?.label).toBe('Wednesday, January 8');
    expect(days[2]?.label).toBe('Date to be announced');
    expect(groupEventsByDay([], 'America/Toronto')).toEqual([]);
  });
});

describe('values and surprise', () => {
  it('parses calendar values', () => {
    expect(parseEventValue('3.2%')).toEqual({ value: 3.2, unit: '%', decimals: 1 });
    expect(parseEventValue('250K')).toEqual({ value: 250000, unit: 'K', decimals: 0 });
    expect(parseEventValue('-0.1')).toEqual({ value: -0.1, unit: '', decimals: 1 });
    expect(parseEventValue('1.5b')).toEqual({ value: 1.5e9, unit: 'B', decimals: 1 });
    expect(parseEventValue('$1,200')).toEqual({ value: 1200, unit: '', decimals: 0 });
    expect(parseEventValue('<0.50%')).toEqual({ value: 0.5, unit: '%', decimals: 2 });
    expect(parseEventValue(2)).toEqual({ value: 2, unit: '', decimals: 0 });
    expect(parseEventValue('')).toBeNull();
    expect(parseEventValue('n/a')).toBeNull();
    expect(parseEventValue(null)).toBeNull();
  });
  it('computes actual minus forecast in the value unit', () => {
    expect(eventSurprise({ actual: '3.4%', forecast: '3.2%' })).toEqual({
      difference: 0.2,
      direction: 'above',
      label: '+0.2%',
    });
    expect(eventSurprise({ actual: '225K', forecast: '250K' })).toEqual({
      difference: -25000,
      direction: 'below',
      label: '-25K',
    });
    expect(eventSurprise({ actual: '-0.1', forecast: '-0.1' })).toEqual({
      difference: 0,
      direction: 'inline',
      label: '0.0',
    });
    expect(eventSurprise({ actual: '1.25M', forecast: '1.2M' })?.label).toBe('+0.05M');
  });
  it('is null unless both values are numeric', () => {
    expect(eventSurprise({ actual: null, forecast: '3.2%' })).toBeNull();
    expect(eventSurprise({ actual: '3.2%' })).toBeNull();
  });
});
