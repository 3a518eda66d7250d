import { describe, it, expect } from 'vitest';
import { DateTime } from 'luxon';
import {
  currentOccurrenceEnd,
  formatOccurrence,
  formatOccurrenceTime,
  isRecapSession,
  isSessionLiveNow,
  nextOccurrence,
  sessionTimeZone,
  type LiveSessionSchedule,
} from '../src/live-sessions.ts';

const at = (text: string, zone = 'America/Toronto'): DateTime => DateTime.fromISO(text, { zone });

const newYork: LiveSessionSchedule = {
  type: 'live',
  days: [1, 2, 3, 4, 5],
  time: { hour: 9, minute: 15 },
  timeEnd: { hour: 10, minute: 15 },
};

describe('isSessionLiveNow', () => {
  it('is live once Zoom reports the meeting started, even before the scheduled start', () => {
    const started = { ...newYork, meeting: { state: 'started' as const, at: at('2025-01-06T09:05').toISO()! } };
    expect(isSessionLiveNow(started, at('2025-01-06T09:06'))).toBe(true);
    expect(isSessionLiveNow(started, at('2025-01-06T11:30'))).toBe(true); // ran over the schedule
    // A start never followed by an end stops counting after 12 hours.
    expect(isSessionLiveNow(started, at('2025-01-06T21:06'))).toBe(false);
  });

  it('is not live once Zoom reports the meeting ended, until the next occurrence', () => {
    const ended = { ...newYork, meeting: { state: 'ended' as const, at: at('2025-01-06T09:40').toISO()! } };
    expect(isSessionLiveNow(ended, at('2025-01-06T09:30'))).toBe(true); // before the end was reported
    expect(isSessionLiveNow(ended, at('2025-01-06T09:45'))).toBe(false);
    expect(isSessionLiveNow(ended, at('2025-01-07T09:30'))).toBe(true); // the schedule decides again
  });

  it('is live between start (inclusive) and end (exclusive) on a scheduled day', () => {
    expect(isSessionLiveNow(newYork, at('2025-01-06T09:15'))).toBe(true);
    expect(isSessionLiveNow(newYork, at('2025-01-06T10:14:59'))).toBe(true);
    expect(isSessionLiveNow(newYork, at('2025-01-06T10:15'))).toBe(false);
    expect(isSessionLiveNow(newYork, at('2025-01-06T09:14:59'))).toBe(false);
  });
  it('is not live on other days', () => {
    expect(isSessionLiveNow(newYork, at('2025-01-11T09:30'))).toBe(false); // Saturday
    expect(isSessionLiveNow({ ...newYork, days: [] }, at('2025-01-06T09:30'))).toBe(false);
    expect(isSessionLiveNow({ ...newYork, days: null }, at('2025-01-06T09:30'))).toBe(false);
  });
  it('accepts now as UTC text or a Date', () => {
    expect(isSessionLiveNow(newYork, '2025-01-06T14:30:00Z')).toBe(true);
    expect(isSessionLiveNow(newYork, new Date('2025-01-06T14:30:00Z'))).toBe(true);
  });
  it('follows the session zone through the March DST change', () => {
    // Monday 2025-03-10 is EDT: 09:30 is 13:30Z; the same UTC a week earlier is 08:30 EST.
    expect(isSessionLiveNow(newYork, '2025-03-10T13:30:00Z')).toBe(true);
    expect(isSessionLiveNow(newYork, '2025-03-03T13:30:00Z')).toBe(false);
    expect(isSessionLiveNow(newYork, '2025-03-03T14:30:00Z')).toBe(true);
  });
  it('follows the session zone through the November DST change', () => {
    expect(isSessionLiveNow(newYork, '2025-10-27T13:30:00Z')).toBe(true); // EDT
    expect(isSessionLiveNow(newYork, '2025-11-03T13:30:00Z')).toBe(false); // 08:30 EST
    expect(isSessionLiveNow(newYork, '2025-11-03T14:30:00Z')).toBe(true);
  });
  it('treats a missing end, or an end equal to the start, as 60 minutes', () => {
    const sundaySetup: LiveSessionSchedule = { days: [0], time: { hour: 20, minute: 0 } };
    expect(isSessionLiveNow(sundaySetup, at('2025-01-05T20:00'))).toBe(true);
    expect(isSessionLiveNow(sundaySetup, at('2025-01-05T20:59'))).toBe(true);
    expect(isSessionLiveNow(sundaySetup, at('2025-01-05T21:00'))).toBe(false);
    const equal = { ...sundaySetup, timeEnd: { hour: 20, minute: 0 } };
    expect(isSessionLiveNow(equal, at('2025-01-05T20:30'))).toBe(true);
    expect(isSessionLiveNow(equal, at('2025-01-05T21:00'))).toBe(false);
  });
  it('rolls an end before the start into the next day', () => {
    const asia: LiveSessionSchedule = {
      days: [3],
      time: { hour: 23, minute: 0 },
      time_end: { hour: 1, minute: 0 },
    };
    expect(isSessionLiveNow(asia, at('2025-01-08T22:59'))).toBe(false);
    expect(isSessionLiveNow(asia, at('2025-01-08T23:30'))).toBe(true);
    // Thursday is not a scheduled day, but Wednesday's session is still running.
    expect(isSessionLiveNow(asia, at('2025-01-09T00:30'))).toBe(true);
    expect(isSessionLiveNow(asia, at('2025-01-09T01:00'))).toBe(false);
    // Wednesday just after midnight: Tuesday had no session.
    expect(isSessionLiveNow(asia, at('2025-01-08T00:30'))).toBe(false);
  });
  it('measures a midnight-crossing session across the spring-forward night', () => {
    const night: LiveSessionSchedule = {
      days: [6],
      time: { hour: 23, minute: 0 },
      timeEnd: { hour: 3, minute: 0 },
    };
    // Sat 2025-03-08 23:00 EST (04:00Z) to Sun 03:00 EDT (07:00Z).
    expect(isSessionLiveNow(night, '2025-03-09T06:59:00Z')).toBe(true);
    expect(isSessionLiveNow(night, '2025-03-09T07:00:00Z')).toBe(false);
    expect(currentOccurrenceEnd(night, '2025-03-09T05:00:00Z')?.toUTC().toISO()).toBe(
      '2025-03-09T07:00:00.000Z',
    );
  });
  it('uses the session timezone, defaulting to Toronto', () => {
    const london: LiveSessionSchedule = { ...newYork, timezone: 'Europe/London' };
    expect(isSessionLiveNow(london, at('2025-01-06T09:30', 'Europe/London'))).toBe(true);
    expect(isSessionLiveNow(london, at('2025-01-06T09:30'))).toBe(false);
    expect(sessionTimeZone({ timezone: 'Not/AZone' })).toBe('America/Toronto');
    expect(sessionTimeZone({})).toBe('America/Toronto');
    expect(sessionTimeZone(london)).toBe('Europe/London');
  });
  it('lets the server flag win, but never for recaps', () => {
    expect(isSessionLiveNow({ ...newYork, isLive: true }, at('2025-01-11T03:00'))).toBe(true);
    expect(
      isSessionLiveNow({ ...newYork, type: 'recap', isLive: true }, at('2025-01-06T09:30')),
    ).toBe(false);
    expect(isSessionLiveNow({ ...newYork, type: 'recap' }, at('2025-01-06T09:30'))).toBe(false);
    expect(isRecapSession({ type: 'Recap' })).toBe(true);
    expect(isRecapSession({ type: 'other' })).toBe(false);
  });
  it('ignores invalid times', () => {
    expect(
      isSessionLiveNow({ days: [1], time: { hour: 25, minute: 0 } }, at('2025-01-06T01:00')),
    ).toBe(false);
    expect(isSessionLiveNow({ days: [1] }, at('2025-01-06T01:00'))).toBe(false);
  });
});

describe('[P104] nextOccurrence', () => {
  const utc = (value: DateTime | null) => value?.toUTC().toISO();
  it('finds a later start today', () => {
    expect(utc(nextOccurrence(newYork, at('2025-01-06T08:00')))).toBe('2025-01-06T14:15:00.000Z');
  });
  it('moves past a start that has begun, and past the weekend', () => {
    expect(utc(nextOccurrence(newYork, at('2025-01-06T09:15')))).toBe('2025-01-07T14:15:00.000Z');
    expect(utc(nextOccurrence(newYork, at('2025-01-10T12:00')))).toBe('2025-01-13T14:15:00.000Z');
  });
  it('keeps the wall time across DST changes', () => {
    expect(utc(nextOccurrence(newYork, at('2025-03-07T12:00')))).toBe('2025-03-10T13:15:00.000Z');
    expect(utc(nextOccurrence(newYork, at('2025-10-31T12:00')))).toBe('2025-11-03T14:15:00.000Z');
    const sunday: LiveSessionSchedule = { days: [0], time: { hour: 20, minute: 0 } };
    expect(utc(nextOccurrence(sunday, at('2025-03-09T01:00')))).toBe('2025-03-10T00:00:00.000Z');
    expect(utc(nextOccurrence(sunday, at('2025-11-02T01:30')))).toBe('2025-11-03T01:00:00.000Z');
  });
  it('wraps to the same weekday next week', () => {
    const wednesday: LiveSessionSchedule = { days: [3], time: { hour: 20, minute: 0 } };
    expect(utc(nextOccurrence(wednesday, at('2025-01-08T21:00')))).toBe('2025-01-16T01:00:00.000Z');
  });
  it('is in the session zone', () => {
    const next = nextOccurrence(
      { ...newYork, timezone: 'Europe/London' },
      at('2025-01-06T08:00', 'Europe/London'),
    );
    expect(next?.zoneName).toBe('Europe/London');
    expect(next?.toISO()).toBe('2025-01-06T09:15:00.000+00:00');
  });
  it('is null without a schedule', () => {
    expect(
      nextOccurrence({ days: [], time: { hour: 9, minute: 0 } }, at('2025-01-06T08:00')),
    ).toBeNull();
    expect(nextOccurrence({ days: [1] }, at('2025-01-06T08:00'))).toBeNull();
  });
});

describe('formatting for the member', () => {
  const start = at('2025-01-13T09:15');
  it('shows the occurrence in the member zone', () => {
    expect(formatOccurrence(start, 'America/Toronto')).toBe('Mon, Jan 13 · 9:15 AM EST');
    expect(formatOccurrence(start, 'Europe/London')).toBe('Mon, Jan 13 · 2:15 PM GMT');
    expect(formatOccurrenceTime(start, 'America/Vancouver')).toBe('6:15 AM PST');
  });
  it('shows the summer abbreviation after the change', () => {
    expect(formatOccurrenceTime(at('2025-03-10T09:15'), 'America/Toronto')).toBe('9:15 AM EDT');
  });
  it('falls back for an unknown zone', () => {
    expect(formatOccurrenceTime(start, 'Nowhere/Zone')).toBe('9:15 AM EST');
    expect(formatOccurrenceTime(start)).toBe('9:15 AM EST');
  });
});
