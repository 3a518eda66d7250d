/**
 * When a scheduled live session is on air, and when it next starts (platform §4). Schedules
 * are wall-clock times in the session's own zone, so DST shifts them in UTC, not locally.
 */
import { Info, type DateTime } from 'luxon';
import { toDateTime, type Instant } from './trade-dates.ts';

export const DEFAULT_SESSION_TIME_ZONE = 'America/Toronto';
/** A session without a usable end runs this long (platform §9). */
export const DEFAULT_SESSION_MINUTES = 60;

export interface SessionClock {
  hour: number;
  minute: number;
}

/** A Zoom meeting.started older than this is taken as a lost meeting.ended. */
export const MEETING_STARTED_TRUST_HOURS = 12;

/** The last meeting.started / meeting.ended Zoom reported for the session's meeting. */
export interface MeetingEvent {
  state: 'started' | 'ended';
  at: Instant;
}

/** The schedule fields of a live session as the API sends them. */
export interface LiveSessionSchedule {
  type?: string | null;
  isLive?: boolean | null;
  meeting?: MeetingEvent | null;
  /** Weekdays 0 (Sunday) .. 6 (Saturday). */
  days?: readonly number[] | null;
  time?: SessionClock | null;
  timeEnd?: SessionClock | null;
  time_end?: SessionClock | null;
  timezone?: string | null;
}

export function isRecapSession(session: LiveSessionSchedule): boolean {
  return session.type?.trim().toLowerCase() === 'recap';
}

export function sessionTimeZone(session: LiveSessionSchedule): string {
  const zone = session.timezone?.trim();
  return zone && Info.isValidIANAZone(zone) ? zone : DEFAULT_SESSION_TIME_ZONE;
}

function validClock(clock: SessionClock | null | undefined): SessionClock | null {
  if (!clock) return null;
  const { hour, minute } = clock;
  const ok =
    Number.isInteger(hour) &&
    Number.isInteger(minute) &&
    hour >= 0 &&
    hour <= 23 &&
    minute >= 0 &&
    minute <= 59;
  return ok ? { hour, minute } : null;
}

/**
 * The occurrence that starts on a given calendar day (in the session's zone).
 *
 * End rules: a missing end is taken as equal to the start; equal start and end means a
 * 60-minute session (a zero-length window would never be live); an end earlier than the
 * start is on the following day, so evening sessions run past midnight.
 */
function occurrenceOn(
  day: DateTime,
  start: SessionClock,
  end: SessionClock | null,
): { start: DateTime; end: DateTime } {
  const from = day.set({ hour: start.hour, minute: start.minute, second: 0, millisecond: 0 });
  const endClock = end ?? start;
  const startMinute = start.hour * 60 + start.minute;
  const endMinute = endClock.hour * 60 + endClock.minute;
  if (endMinute === startMinute)
    return { start: from, end: from.plus({ minutes: DEFAULT_SESSION_MINUTES }) };
  const endDay = endMinute < startMinute ? day.plus({ days: 1 }) : day;
  const to = endDay.set({
    hour: endClock.hour,
    minute: endClock.minute,
    second: 0,
    millisecond: 0,
  });
  return { start: from, end: to };
}

function scheduleOf(session: LiveSessionSchedule) {
  const start = validClock(session.time);
  const days = new Set((session.days ?? []).filter((d) => Number.isInteger(d) && d >= 0 && d <= 6));
  if (!start || days.size === 0) return null;
  return {
    start,
    end: validClock(session.timeEnd ?? session.time_end),
    days,
    zone: sessionTimeZone(session),
  };
}

/** Sunday-first weekday (0–6) of a luxon DateTime. */
const sundayFirst = (value: DateTime): number => value.weekday % 7;

/**
 * 'Live now': recap sessions never are; otherwise the server's flag (staff) wins; then Zoom:
 * a meeting started (in the last 12 hours, in case its end was never reported) is live, and a
 * meeting that ended during the current occurrence closes it early. Otherwise the current
 * moment lies in [start, end) of an occurrence. Yesterday's occurrence is checked too, so a
 * session that began last evening is still live after midnight.
 */
export function isSessionLiveNow(session: LiveSessionSchedule, now: Instant): boolean {
  if (isRecapSession(session)) return false;
  if (session.isLive === true) return true;
  const at = toDateTime(now);
  const meetingAt = toDateTime(session.meeting?.at);
  if (at && meetingAt && session.meeting?.state === 'started' && meetingAt <= at) {
    if (at.diff(meetingAt, 'hours').hours < MEETING_STARTED_TRUST_HOURS) return true;
  }
  const schedule = scheduleOf(session);
  if (!schedule || !at) return false;
  const today = at.setZone(schedule.zone).startOf('day');
  for (const day of [today, today.minus({ days: 1 })]) {
    if (!schedule.days.has(sundayFirst(day))) continue;
    const { start, end } = occurrenceOn(day, schedule.start, schedule.end);
    if (at >= start && at < end) {
      const endedEarly = session.meeting?.state === 'ended' && !!meetingAt && meetingAt >= start && meetingAt <= at;
      return !endedEarly;
    }
  }
  return false;
}

/**
 * The earliest start strictly after `now`, in the session's zone; null without days or a
 * start time. Looks up to a week ahead (plus today), which covers every weekday.
 */
export function nextOccurrence(session: LiveSessionSchedule, now: Instant): DateTime | null {
  const schedule = scheduleOf(session);
  const at = toDateTime(now);
  if (!schedule || !at) return null;
  const today = at.setZone(schedule.zone).startOf('day');
  for (let offset = 0; offset <= 7; offset += 1) {
    const day = today.plus({ days: offset });
    if (!schedule.days.has(sundayFirst(day))) continue;
    const { start } = occurrenceOn(day, schedule.start, schedule.end);
    if (start > at) return start;
  }
  return null;
}

/** The current occurrence's end when live by schedule, e.g. for an "ends in" note. */
export function currentOccurrenceEnd(session: LiveSessionSchedule, now: Instant): DateTime | null {
  const schedule = scheduleOf(session);
  const at = toDateTime(now);
  if (isRecapSession(session) || !schedule || !at) return null;
  const today = at.setZone(schedule.zone).startOf('day');
  for (const day of [today, today.minus({ days: 1 })]) {
    if (!schedule.days.has(sundayFirst(day))) continue;
    const { start, end } = occurrenceOn(day, schedule.start, schedule.end);
    if (at >= start && at < end) return end;
  }
  return null;
}

/**
 * An occurrence in the member's own zone: "Mon, Jan 5 · 9:15 AM EST". An unknown zone falls
 * back to the session default.
 */
export function formatOccurrence(value: DateTime, memberZone?: string | null): string {
  const zoned = memberZone ? value.setZone(memberZone) : value;
  const shown = zoned.isValid ? zoned : value.setZone(DEFAULT_SESSION_TIME_ZONE);
  return shown.setLocale('en-US').toFormat("ccc, LLL d '·' h:mm a ZZZZ");
}

/** Just the clock time in the member's zone: "9:15 AM EST". */
export function formatOccurrenceTime(value: DateTime, memberZone?: string | null): string {
  const zoned = memberZone ? value.setZone(memberZone) : value;
  const shown = zoned.isValid ? zoned : value.setZone(DEFAULT_SESSION_TIME_ZONE);
  return shown.setLocale('en-US').toFormat('h:mm a ZZZZ');
}
