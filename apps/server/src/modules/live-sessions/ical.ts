/**
 * A small RFC 5545 writer for the schedule feed: weekly recurring events in the session's own
 * zone, with a VTIMEZONE for every zone used so strict clients (Outlook) agree with Google and
 * Apple, TEXT escaping and 75-octet line folding. Pure: no clock, no I/O.
 *
 * Hand-written on purpose, not ical-generator (issue #21 item 10): ical-generator 11 writes DTEND
 * where this feed sends DURATION (pinned by test/live-sessions/calendar.test.ts), and it leaves
 * VTIMEZONE to a generator the caller supplies, so zoneTransitions and vtimezone below would
 * stay anyway; only the escaping and folding (about 30 lines) would go, for a new dependency.
 */
import { DateTime } from 'luxon';

export type CalendarEvent = {
  uid: string;
  summary: string;
  description: string;
  url: string;
  /** First occurrence, in the event's IANA zone. */
  start: DateTime;
  durationMinutes: number;
  /** Sunday-first weekdays 0..6. */
  days: readonly number[];
  lastModified: Date;
};

export type Calendar = {
  name: string;
  description: string;
  prodId: string;
  stamp: Date;
  events: readonly CalendarEvent[];
};

const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const ENCODER = new TextEncoder();

/** TEXT values: backslash, semicolon, comma and newlines are escaped (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets continue on the next line after CRLF + space, never mid-character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = ENCODER.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const utcStamp = (value: Date) =>
  DateTime.fromJSDate(value, { zone: 'utc' }).toFormat("yyyyMMdd'T'HHmmss'Z'");
const localStamp = (value: DateTime) => value.toFormat("yyyyMMdd'T'HHmmss");

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours ? `${hours}H` : ''}${rest || !hours ? `${rest}M` : ''}`;
}

type Transition = { at: number; from: number; to: number };

const offsetAt = (zone: string, ms: number) => DateTime.fromMillis(ms, { zone }).offset;

/** Offset changes of a zone during one year, found day by day and refined to the minute. */
export function zoneTransitions(zone: string, year: number): Transition[] {
  const found: Transition[] = [];
  const end = DateTime.fromObject({ year: year + 1 }, { zone: 'utc' }).toMillis();
  let cursor = DateTime.fromObject({ year }, { zone: 'utc' }).toMillis();
  let offset = offsetAt(zone, cursor);
  const day = 86_400_000;
  while (cursor < end) {
    const next = cursor + day;
    const nextOffset = offsetAt(zone, next);
    if (nextOffset !== offset) {
      let low = cursor;
      let high = next;
      while (high - low > 60_000) {
        const mid = low + Math.floor((high - low) / 120_000) * 60_000;
        if (offsetAt(zone, mid) === offset) low = mid;
        else high = mid;
      }
      found.push({ at: high, from: offset, to: nextOffset });
      offset = nextOffset;
    }
    cursor = next;
  }
  return found;
}

/** "2SU" for the second Sunday, "-1SU" when the day is the month's last such weekday. */
function nthWeekday(local: DateTime): string {
  const weekday = BYDAY[local.weekday % 7]!;
  const last = local.day + 7 > (local.daysInMonth ?? 31);
  return `${last ? -1 : Math.ceil(local.day / 7)}${weekday}`;
}

/** The zone's rules as observed in `year`, repeated yearly. */
export function vtimezone(zone: string, year: number): string[] {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const transitions = zoneTransitions(zone, year);
  if (transitions.length === 0) {
    const at = DateTime.fromObject({ year }, { zone });
    const offset = formatOffset(at.offset);
    lines.push(
      'BEGIN:STANDARD',
      `DTSTART:${year}0101T000000`,
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      `TZNAME:${at.offsetNameShort ?? offset}`,
      'END:STANDARD',
    );
  }
  for (const transition of transitions) {
    const kind = transition.to > transition.from ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART is the wall-clock moment of the change in the offset in force before it.
    const local = DateTime.fromMillis(transition.at + transition.from * 60_000, { zone: 'utc' });
    const after = DateTime.fromMillis(transition.at, { zone });
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${localStamp(local)}`,
      `RRULE:FREQ=YEARLY;BYMONTH=${local.month};BYDAY=${nthWeekday(local)}`,
      `TZOFFSETFROM:${formatOffset(transition.from)}`,
      `TZOFFSETTO:${formatOffset(transition.to)}`,
      `TZNAME:${after.offsetNameShort ?? formatOffset(transition.to)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

function eventLines(event: CalendarEvent, stamp: Date): string[] {
  const days = [...new Set(event.days)]
    .sort((a, b) => a - b)
    .map((d) => BYDAY[d])
    .filter(Boolean);
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(stamp)}`,
    `LAST-MODIFIED:${utcStamp(event.lastModified)}`,
    `DTSTART;TZID=${event.start.zoneName}:${localStamp(event.start)}`,
    `DURATION:${formatDuration(event.durationMinutes)}`,
    `RRULE:FREQ=WEEKLY;BYDAY=${days.join(',')}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL;VALUE=URI:${event.url}`,
    `LOCATION:${escapeText(event.url)}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** The whole VCALENDAR, CRLF line endings, folded. */
export function buildCalendar(calendar: Calendar): string {
  const zones = new Map<string, number>();
  for (const event of calendar.events) {
    const zone = event.start.zoneName;
    if (!zone) continue;
    zones.set(zone, Math.min(zones.get(zone) ?? event.start.year, event.start.year));
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-CALDESC:${escapeText(calendar.description)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
    ...[...zones].flatMap(([zone, year]) => vtimezone(zone, year)),
    ...calendar.events.flatMap((event) => eventLines(event, calendar.stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
