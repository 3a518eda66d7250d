/**
 * Trade dates and the TradeDesk calendar. Trading days are calendar days in Toronto, whatever
 * the member's or the server's own zone.
 */
import { DateTime, Info } from 'luxon';
import { monthGridRange, TRADE_TIME_ZONE } from './calendar-months.ts';

/** A moment as callers hold it: ISO text, a Date, epoch milliseconds or a luxon DateTime. */
export type Instant = string | number | Date | DateTime;

/**
 * Parse a moment. Text without an offset is read as UTC (the API's convention) rather than
 * in the machine's zone, so results never depend on where the code runs.
 */
export function toDateTime(value: Instant | null | undefined): DateTime | null {
  if (value === null || value === undefined) return null;
  let parsed: DateTime;
  if (DateTime.isDateTime(value)) parsed = value;
  else if (value instanceof Date) parsed = DateTime.fromJSDate(value, { zone: 'utc' });
  else if (typeof value === 'number') parsed = DateTime.fromMillis(value, { zone: 'utc' });
  else {
    const text = value.trim();
    if (text === '') return null;
    parsed = DateTime.fromISO(text, { zone: 'utc', setZone: true });
    if (!parsed.isValid) parsed = DateTime.fromSQL(text, { zone: 'utc', setZone: true });
  }
  return parsed.isValid ? parsed : null;
}

/** The farthest moment from the epoch a Date (and luxon) holds, in milliseconds. */
const MAX_DATE_MS = 8.64e15;

/** ISO text with an offset or Z: what the API and the database hand back for every moment. */
const ZONED_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Epoch milliseconds of a moment, or null. Zoned ISO text parses natively, exactly and far
 * faster than through luxon, which matters when a screen sorts or labels hundreds of trades;
 * epoch milliseconds are themselves within Date's range (as luxon reads them: NaN and beyond
 * ±8.64e15 are no moment); anything else goes through toDateTime.
 */
export function instantMs(value: Instant | null | undefined): number | null {
  if (typeof value === 'number') return Math.abs(value) <= MAX_DATE_MS ? value : null;
  if (typeof value === 'string' && ZONED_ISO.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return toDateTime(value)?.toMillis() ?? null;
}

/** The Toronto calendar date (YYYY-MM-DD) of a moment, or null. */
export function torontoDateOf(value: Instant | null | undefined): string | null {
  return toDateTime(value)?.setZone(TRADE_TIME_ZONE).toISODate() ?? null;
}

export interface TradeTimes {
  entry_time?: string | null;
  exit_time?: string | null;
}

/**
 * The one zone a member reads and types times in across the product (dashboard, sessions,
 * market events, mails): the profile's zone when set, else Toronto time, the zone of trade dates
 * and sessions. Never the device's: the same member sees the same times on every device.
 */
export function memberTimeZone(profileZone: string | null | undefined): string {
  const zone = profileZone?.trim();
  return zone && Info.isValidIANAZone(zone) ? zone : TRADE_TIME_ZONE;
}

/**
 * A moment with its zone named, as staff screens and logs show it: "Mar 4, 2025, 9:15 AM EST".
 * Toronto time unless a zone is given; null when the instant does not parse.
 */
export function momentLabel(iso: string, options: { zone?: string; seconds?: boolean } = {}): string | null {
  const at = DateTime.fromISO(iso, { zone: options.zone ?? TRADE_TIME_ZONE });
  return at.isValid ? at.setLocale('en-US').toFormat(options.seconds ? 'LLL d, yyyy, h:mm:ss a ZZZZ' : 'LLL d, yyyy, h:mm a ZZZZ') : null;
}

/** A moment as an e-mail or notice to a member writes it, in their zone: "March 4, 2025 at 9:15 AM EST". */
export function memberMomentText(at: Date, profileZone: string | null | undefined): string {
  return DateTime.fromJSDate(at, { zone: memberTimeZone(profileZone) }).toFormat("LLLL d, yyyy 'at' h:mm a ZZZZ");
}

/** The trade date: Toronto date of the exit time, else of the entry time. */
export function tradeDateOf(trade: TradeTimes): string | null {
  return torontoDateOf(trade.exit_time) ?? torontoDateOf(trade.entry_time);
}

/**
 * Whether a YYYY-MM-DD string names a real calendar day. Checked in UTC: a date's existence
 * does not depend on the zone, and skipping the zone's offset rules keeps request validation cheap.
 */
export function isCalendarDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && DateTime.fromISO(date, { zone: 'utc' }).isValid;
}

/** A YYYY-MM-DD date as the start of that day in Toronto, or null when not a real date. */
export function torontoDay(date: string): DateTime | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const day = DateTime.fromISO(date, { zone: TRADE_TIME_ZONE });
  return day.isValid ? day.startOf('day') : null;
}

/**
 * The daily-log route's date parameter: its first 10 characters must be a valid date.
 * Router params may arrive as arrays; the first value counts.
 */
export function parseDayParam(param: unknown): string | null {
  const raw = Array.isArray(param) ? param[0] : param;
  if (typeof raw !== 'string') return null;
  const date = raw.trim().slice(0, 10);
  return torontoDay(date) ? date : null;
}

/** "Monday, January 5, 2026" for 'Daily Log for {long date}'. */
export function longDateLabel(date: string): string | null {
  return torontoDay(date)?.setLocale('en-US').toFormat('cccc, LLLL d, yyyy') ?? null;
}

/** A calendar month as 'YYYY-MM'. */
export type MonthKey = string;

export function parseMonthKey(month: MonthKey): DateTime | null {
  if (!/^\d{4}-\d{2}$/.test(month)) return null;
  const start = DateTime.fromISO(`${month}-01`, { zone: TRADE_TIME_ZONE });
  return start.isValid ? start : null;
}

/** The month containing a moment, in Toronto. */
export function monthKeyOf(value: Instant): MonthKey | null {
  return toDateTime(value)?.setZone(TRADE_TIME_ZONE).toFormat('yyyy-MM') ?? null;
}

export function shiftMonth(month: MonthKey, delta: number): MonthKey | null {
  return parseMonthKey(month)?.plus({ months: delta }).toFormat('yyyy-MM') ?? null;
}

/** "January 2026". */
export function monthLabel(month: MonthKey): string | null {
  return parseMonthKey(month)?.setLocale('en-US').toFormat('LLLL yyyy') ?? null;
}

export interface CalendarDay {
  date: string;
  dayOfMonth: number;
  /** 0 (Sunday) .. 6 (Saturday), the grid column. */
  weekday: number;
  inMonth: boolean;
}

export interface CalendarWeek {
  /**
   * ISO week number of the row. A Sunday-first row spans two ISO weeks; the row is numbered
   * by its Monday, which shares the ISO week of the other five weekdays.
   */
  weekNumber: number;
  days: CalendarDay[];
}

export interface MonthGrid {
  month: MonthKey;
  label: string;
  weeks: CalendarWeek[];
}

const DAY_MS = 86_400_000;

/** ISO week number of a UTC calendar day: the week's Thursday decides its year. */
function isoWeekNumber(dayMs: number): number {
  const thursday = dayMs + (3 - ((new Date(dayMs).getUTCDay() + 6) % 7)) * DAY_MS;
  const newYear = new Date(0).setUTCFullYear(new Date(thursday).getUTCFullYear(), 0, 1);
  return Math.floor((thursday - newYear) / (7 * DAY_MS)) + 1;
}

/**
 * The Sunday-first grid of a month: only as many rows as the month needs (4 to 6), padded
 * with the neighbouring months' days, over the dates monthGridRange gives. Calendar days need no
 * time zone, so the grid steps through UTC days with Date arithmetic: through luxon (a DateTime
 * per day) it was the largest piece of TradeDesk's first render (issue #27).
 */
export function monthGrid(month: MonthKey): MonthGrid | null {
  const range = monthGridRange(month);
  const label = monthLabel(month);
  if (!range || !label) return null;
  // 'YYYY-MM-DD' is read as UTC midnight.
  const last = Date.parse(range.to);
  const weeks: CalendarWeek[] = [];
  for (let cursor = Date.parse(range.from); cursor <= last; cursor += 7 * DAY_MS) {
    const days: CalendarDay[] = [];
    for (let column = 0; column < 7; column += 1) {
      const date = new Date(cursor + column * DAY_MS).toISOString().slice(0, 10);
      days.push({ date, dayOfMonth: Number(date.slice(8)), weekday: column, inMonth: date.startsWith(month) });
    }
    // A Sunday-first row is numbered by its Monday.
    weeks.push({ weekNumber: isoWeekNumber(cursor + DAY_MS), days });
  }
  return { month, label, weeks };
}
