import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  buildCalendar,
  escapeText,
  foldLine,
  vtimezone,
} from '../../src/modules/live-sessions/ical.ts';

describe('iCalendar writer', () => {
  it('escapes TEXT values', () => {
    expect(escapeText('Levels; gaps, and \\ paths\nnext line')).toBe(
      'Levels\\; gaps\\, and \\\\ paths\\nnext line',
    );
  });

  it('folds at 75 octets without splitting a multi-byte character', () => {
    const line = `DESCRIPTION:${'é'.repeat(80)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('describes European rules as the last Sunday of the month', () => {
    const lines = vtimezone('Europe/London', 2026).join('\n');
    expect(lines).toContain(
      'DTSTART:20260329T010000\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\nTZOFFSETFROM:+0000\nTZOFFSETTO:+0100',
    );
    expect(lines).toContain(
      'DTSTART:20261025T020000\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\nTZOFFSETFROM:+0100\nTZOFFSETTO:+0000',
    );
  });

  it('gives zones without daylight saving a single standard offset', () => {
    const lines = vtimezone('Asia/Tokyo', 2026);
    expect(lines).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Tokyo',
      'BEGIN:STANDARD',
      'DTSTART:20260101T000000',
      'TZOFFSETFROM:+0900',
      'TZOFFSETTO:+0900',
      expect.stringMatching(/^TZNAME:/),
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it('writes a session that crosses midnight with its full duration', () => {
    const ics = buildCalendar({
      name: 'Hub live sessions',
      description: 'Schedule',
      prodId: '-//Hub//Live sessions//EN',
      stamp: new Date('2026-06-01T12:00:00Z'),
      events: [
        {
          uid: 'late@hub',
          summary: 'Late, late show',
          description: 'Overnight',
          url: 'https://hub.example.com/sessions/client/1',
          start: DateTime.fromISO('2026-06-03T23:30', { zone: 'America/Toronto' }),
          durationMinutes: 90,
          days: [3, 1],
          lastModified: new Date('2026-05-01T00:00:00Z'),
        },
      ],
    });
    expect(ics).toContain(
      'DTSTART;TZID=America/Toronto:20260603T233000\r\nDURATION:PT1H30M\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE',
    );
    expect(ics).toContain('SUMMARY:Late\\, late show');
    expect(ics).toContain('DTSTAMP:20260601T120000Z');
  });
});
