/**
 * The Toronto month of a moment, the dates a month's Sunday-first calendar grid spans and a
 * Toronto day's bounds, without luxon: TradeDesk's and the daily log's route loaders need them
 * to start their calls, and a chunk with
 * luxon in it (75 KB) arrived only after the profile on a cold load, holding the calls back.
 * `monthGrid` in trade-dates.ts builds the grid over `monthGridRange`'s dates.
 */
import type { MonthKey } from './trade-dates.ts';

export const TRADE_TIME_ZONE = 'America/Toronto';

const torontoMonth = new Intl.DateTimeFormat('en-CA', { timeZone: TRADE_TIME_ZONE, year: 'numeric', month: '2-digit' });

/** The month containing a moment, in Toronto ("2026-11"). */
export function torontoMonthOf(moment: Date): MonthKey {
  const parts = torontoMonth.formatToParts(moment);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * The first and last date the month's grid shows: the Sunday on or before the 1st and the
 * Saturday on or after the last day. Null when `month` is not a month ("2026-13").
 */
export function monthGridRange(month: MonthKey): { from: string; to: string } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const monthIndex = match ? Number(match[2]) - 1 : -1;
  if (!match || monthIndex < 0 || monthIndex > 11) return null;
  // Calendar days need no time zone: UTC dates step by whole days.
  const first = Date.UTC(Number(match[1]), monthIndex, 1);
  const last = Date.UTC(Number(match[1]), monthIndex + 1, 0);
  return {
    from: isoDate(first - new Date(first).getUTCDay() * DAY_MS),
    to: isoDate(last + (6 - new Date(last).getUTCDay()) * DAY_MS),
  };
}

const torontoClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: TRADE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Toronto's offset from UTC at a moment (whole seconds), in ms: -5 h or -4 h. */
function torontoOffset(ms: number): number {
  const parts = Object.fromEntries(torontoClock.formatToParts(ms).map((part) => [part.type, Number(part.value)]));
  const wall = new Date(0).setUTCFullYear(parts.year!, parts.month! - 1, parts.day!) + ((parts.hour! * 60 + parts.minute!) * 60 + parts.second!) * 1000;
  return wall - ms;
}

/** The moment a Toronto day starts (DST changes at 2 a.m., so midnight is never skipped or doubled). */
function torontoMidnight(year: number, month: number, day: number): number {
  const wall = new Date(0).setUTCFullYear(year, month - 1, day);
  return wall - torontoOffset(wall - torontoOffset(wall));
}

/**
 * First and last millisecond of a Toronto day as UTC ISO strings, for the daily log's
 * `from`/`to` query (DST days are 23 or 25 hours long); null when `date` is not a YYYY-MM-DD
 * calendar date.
 */
export function torontoDayBounds(date: string): { from: string; to: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(new Date(0).setUTCFullYear(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return {
    from: new Date(torontoMidnight(year, month, day)).toISOString(),
    to: new Date(torontoMidnight(year, month, day + 1) - 1).toISOString(),
  };
}
