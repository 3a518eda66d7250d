import { DAILY_LOG_TRADE_LIMIT } from '@th/contracts/limits';
import { TRADE_TIME_ZONE } from '@th/domain/calendar-months';
import type { OrderHistoryParams } from '../api/get-order-history';

/*
 * What the daily log's route loader needs to start the day's trades call, kept free of luxon
 * (75 KB, in the shared `platform` chunk) so that the loader's chunk is small and the call goes as
 * soon as the profile is in. The page asks with the same parameters, so it finds the call.
 */

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
 * First and last millisecond of a Toronto day as UTC ISO strings (the domain's torontoDayBounds,
 * tested to agree), null when `date` is not a YYYY-MM-DD date.
 */
export function dailyLogDayBounds(date: string): { from: string; to: string } | null {
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

/** The daily log's trades call (§5.4): the day's trades, newest first. */
export function dailyLogTradesParams(date: string): OrderHistoryParams | null {
  const bounds = dailyLogDayBounds(date);
  return bounds && { from: bounds.from, to: bounds.to, limit: DAILY_LOG_TRADE_LIMIT, per_page: DAILY_LOG_TRADE_LIMIT, page: 1 };
}
