/**
 * The trading sessions of a Toronto trading day (trading-tools §4.4), used to label trades
 * and by the levels job to compute each session's high and low.
 */
import { DateTime } from 'luxon';
import { TRADE_TIME_ZONE } from './calendar-months.ts';
import { instantMs, torontoDay, type Instant } from './trade-dates.ts';

export const SESSION_LABELS = [
  'Asian Range',
  'London',
  'Early Premarket',
  'Premarket',
  'New York',
  'After Hours',
] as const;
export type SessionLabel = (typeof SESSION_LABELS)[number];

export interface TradingSession {
  label: SessionLabel;
  /** First minute of the session, Toronto wall time. */
  start: { hour: number; minute: number };
  /** Last minute of the session (inclusive, as the spec's table reads). */
  last: { hour: number; minute: number };
}

/** In trading-day order: the Asian Range opens the day on the previous evening. */
export const TRADING_SESSIONS: readonly TradingSession[] = [
  { label: 'Asian Range', start: { hour: 19, minute: 0 }, last: { hour: 0, minute: 59 } },
  { label: 'London', start: { hour: 1, minute: 0 }, last: { hour: 3, minute: 59 } },
  { label: 'Early Premarket', start: { hour: 4, minute: 0 }, last: { hour: 8, minute: 39 } },
  { label: 'Premarket', start: { hour: 8, minute: 40 }, last: { hour: 9, minute: 29 } },
  { label: 'New York', start: { hour: 9, minute: 30 }, last: { hour: 15, minute: 59 } },
  { label: 'After Hours', start: { hour: 16, minute: 0 }, last: { hour: 18, minute: 59 } },
];

const minuteOf = (t: { hour: number; minute: number }): number => t.hour * 60 + t.minute;

const HOUR_MS = 3_600_000;
type MonthOffsets = { before: number; after: number; changesAt: number };
const monthOffsets = new Map<number, MonthOffsets>();
const offsetAt = (ms: number): number => DateTime.fromMillis(ms, { zone: TRADE_TIME_ZONE }).offset;

/**
 * Toronto's offset from UTC in each UTC calendar month: the offsets at the month's first instant
 * and at the next month's, and the first hour of the latter when they differ. The zone changes
 * its offset on the hour and at most once a month (twice a year), so that hour is found by
 * halving the month's hours. Labelling a filter's trades spread over years once looked the offset
 * up through luxon per UTC hour, a new hour for nearly every trade (10-11 µs of CPU a trade, about
 * half of what a trade log trade cost to read the first time; now 1.3 µs): this is two lookups a
 * month, a dozen in the two months of a change.
 */
function offsetsOfMonth(ms: number): MonthOffsets {
  const day = new Date(ms);
  const month = day.getUTCFullYear() * 12 + day.getUTCMonth();
  let offsets = monthOffsets.get(month);
  if (offsets === undefined) {
    const start = Date.UTC(Math.floor(month / 12), month % 12, 1);
    const end = Date.UTC(Math.floor(month / 12), (month % 12) + 1, 1);
    const before = offsetAt(start);
    const after = offsetAt(end);
    // The first hour at the later offset: in (low, high] while low is at the earlier one.
    let low = start / HOUR_MS;
    let high = end / HOUR_MS;
    while (before !== after && high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (offsetAt(middle * HOUR_MS) === before) low = middle;
      else high = middle;
    }
    offsets = { before, after, changesAt: high * HOUR_MS };
    // A bound all the same: moments from outside the trading years must not grow it without end.
    if (monthOffsets.size >= 10_000) monthOffsets.clear();
    monthOffsets.set(month, offsets);
  }
  return offsets;
}

/** Toronto wall-clock minute of a UTC instant. */
function torontoMinuteOfDay(ms: number): number {
  const { before, after, changesAt } = offsetsOfMonth(ms);
  const offset = ms < changesAt ? before : after;
  return (((Math.floor(ms / 60_000) + offset) % 1440) + 1440) % 1440;
}

/** The session a moment falls in, by its Toronto wall-clock minute. */
export function sessionLabelAt(value: Instant): SessionLabel | null {
  const ms = instantMs(value);
  if (ms === null) return null;
  const minute = torontoMinuteOfDay(ms);
  for (const session of TRADING_SESSIONS) {
    const from = minuteOf(session.start);
    const to = minuteOf(session.last);
    const inside = from <= to ? minute >= from && minute <= to : minute >= from || minute <= to;
    if (inside) return session.label;
  }
  return null;
}

/** A trade's session: by entry time, else by exit time. */
export function sessionLabelFor(
  entryIso: string | null | undefined,
  exitIso?: string | null,
): SessionLabel | null {
  return sessionLabelAt(entryIso ?? '') ?? sessionLabelAt(exitIso ?? '');
}

export interface SessionWindow {
  label: SessionLabel;
  /** Inclusive start, UTC ISO. */
  fromUtc: string;
  /** Exclusive end, UTC ISO. */
  toUtc: string;
}

/**
 * Each session's [fromUtc, toUtc) for a Toronto trading date (YYYY-MM-DD).
 *
 * Convention: the Asian Range of trading date D starts at 19:00 on D−1 and runs to 00:59 of
 * D (so ends at 01:00 of D); After Hours of D ends at 19:00 of D, where D+1's Asian Range
 * begins. The six windows therefore tile the 24 hours from 19:00 on D−1 without gaps, and
 * DST days simply yield a shorter or longer London window (the 02:00 change falls in it).
 */
export function sessionWindowsFor(tradingDate: string): SessionWindow[] | null {
  const day = torontoDay(tradingDate);
  if (!day) return null;
  const at = (base: DateTime, t: { hour: number; minute: number }): DateTime =>
    base.set({ hour: t.hour, minute: t.minute, second: 0, millisecond: 0 });
  const windows: SessionWindow[] = [];
  TRADING_SESSIONS.forEach((session, index) => {
    const startsPreviousEvening = session.start.hour >= 19;
    const from = at(startsPreviousEvening ? day.minus({ days: 1 }) : day, session.start);
    const next = TRADING_SESSIONS[index + 1];
    // The window ends where the next one starts; the last one ends at 19:00 of the date.
    const to = at(day, next ? next.start : { hour: 19, minute: 0 });
    windows.push({ label: session.label, fromUtc: isoUtc(from), toUtc: isoUtc(to) });
  });
  return windows;
}

function isoUtc(value: DateTime): string {
  return value.toUTC().toISO() ?? '';
}
