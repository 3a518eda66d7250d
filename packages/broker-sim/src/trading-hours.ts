/**
 * Trading hours in New York time, computed with plain arithmetic (US DST rules) because the
 * bar generator asks for every minute of a range and Intl formatting is far too slow for that.
 */
import type { SessionKind } from './instruments.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const dstCache = new Map<number, [start: number, end: number]>();

/** Day of month of the n-th Sunday of a UTC month. */
function nthSunday(year: number, month: number, n: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + 7 * (n - 1);
}

/** DST runs from the 2nd Sunday of March 02:00 EST to the 1st Sunday of November 02:00 EDT. */
function dstWindow(year: number): [number, number] {
  let w = dstCache.get(year);
  if (!w) {
    w = [
      Date.UTC(year, 2, nthSunday(year, 2, 2), 7),
      Date.UTC(year, 10, nthSunday(year, 10, 1), 6),
    ];
    dstCache.set(year, w);
  }
  return w;
}

/** Offset of New York from UTC in ms (-4 h or -5 h) at an instant. */
export function newYorkOffsetMs(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  const [start, end] = dstWindow(year);
  return ms >= start && ms < end ? -4 * HOUR : -5 * HOUR;
}

/** New York wall clock at an instant: weekday (0 = Sunday) and minutes since midnight. */
export function newYorkClock(ms: number): { weekday: number; minuteOfDay: number } {
  const local = ms + newYorkOffsetMs(ms);
  const day = Math.floor(local / DAY);
  return {
    weekday: (((day + 4) % 7) + 7) % 7, // 1970-01-01 was a Thursday
    minuteOfDay: Math.floor((local - day * DAY) / 60_000),
  };
}

const BREAK_START = 17 * 60;
const BREAK_END = 18 * 60;

/**
 * Whether the market trades at an instant. Index and metal CFDs follow the CME week: Sunday
 * 18:00 to Friday 17:00 New York with a daily 17:00–18:00 break; crypto never closes.
 */
export function isMarketOpen(session: SessionKind, ms: number): boolean {
  if (session === 'always') return true;
  const { weekday, minuteOfDay } = newYorkClock(ms);
  if (weekday === 6) return false;
  if (weekday === 0) return minuteOfDay >= BREAK_END;
  if (weekday === 5) return minuteOfDay < BREAK_START;
  return minuteOfDay < BREAK_START || minuteOfDay >= BREAK_END;
}

/**
 * Number of weekday 17:00 New York rollovers in (fromMs, toMs]: each one charges a night of
 * swap on an open position.
 */
export function rolloversBetween(fromMs: number, toMs: number): number {
  let count = 0;
  // Walk New York calendar days; a rollover instant is 17:00 local on Monday–Friday.
  const firstDay = Math.floor((fromMs + newYorkOffsetMs(fromMs)) / DAY);
  const lastDay = Math.floor((toMs + newYorkOffsetMs(toMs)) / DAY);
  for (let day = firstDay; day <= lastDay; day++) {
    const weekday = (((day + 4) % 7) + 7) % 7;
    if (weekday === 0 || weekday === 6) continue;
    const localFive = day * DAY + 17 * HOUR;
    const instant = localFive - newYorkOffsetMs(localFive + 5 * HOUR);
    if (instant > fromMs && instant <= toMs) count++;
  }
  return count;
}
