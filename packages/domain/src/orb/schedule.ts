import { DateTime } from 'luxon';
import { WEEKDAYS, localTimeMinutes } from './settings.ts';
import type { OrbSettings, RunWindow, Weekday } from './types.ts';

/** A run arms (freezes its settings) this long before the opening range starts. */
export const ARM_LEAD_MINUTES = 10;

const MINUTE = 60_000;

function localInstant(day: DateTime, minutes: number): DateTime {
  return day.set({
    hour: Math.floor(minutes / 60),
    minute: minutes % 60,
    second: 0,
    millisecond: 0,
  });
}

function startOfLocalDay(tradingDay: string, zone: string): DateTime {
  const day = DateTime.fromISO(tradingDay, { zone });
  if (!day.isValid) throw new RangeError(`Invalid trading day or time zone: ${tradingDay} ${zone}`);
  return day.startOf('day');
}

/** Weekday key (mon..sun) of a YYYY-MM-DD trading day. */
export function weekdayOf(tradingDay: string): Weekday {
  const weekday = DateTime.fromISO(tradingDay, { zone: 'UTC' }).weekday; // 1 = Monday
  return WEEKDAYS[weekday - 1] ?? 'mon';
}

/**
 * The instants of one run, computed once per run with the bot's time zone so the engine
 * never touches a time-zone library per event. Local times are resolved on the trading day
 * itself, so 09:30 stays 09:30 local across DST changes. A flatten time at or before the end
 * of the range (an evening ORB) falls on the next local day.
 */
export function planRun(settings: OrbSettings, tradingDay: string): RunWindow {
  const zone = settings.timezone;
  const day = startOfLocalDay(tradingDay, zone);
  const startMinutes = localTimeMinutes(settings.orb_start_local);
  const orbStart = localInstant(day, startMinutes);
  const orbEndMs = orbStart.toMillis() + settings.orb_minutes * MINUTE;
  const flattenMinutes = localTimeMinutes(settings.flatten_at_local);
  let flatten = localInstant(day, flattenMinutes);
  if (flatten.toMillis() <= orbEndMs) flatten = localInstant(day.plus({ days: 1 }), flattenMinutes);
  return {
    tradingDay: day.toISODate() ?? tradingDay,
    timezone: zone,
    armAt: orbStart.toMillis() - ARM_LEAD_MINUTES * MINUTE,
    orbStart: orbStart.toMillis(),
    orbEnd: orbEndMs,
    flattenAt: flatten.toMillis(),
    offsetMinutes: orbStart.offset,
  };
}

/**
 * The next run among run_days whose opening range has not started at `now` (epoch ms):
 * today when the ORB is still ahead, otherwise the next run day.
 */
export function nextRunDay(settings: OrbSettings, now: number): RunWindow | null {
  const today = DateTime.fromMillis(now, { zone: settings.timezone }).startOf('day');
  for (let offset = 0; offset <= 7; offset += 1) {
    const day = today.plus({ days: offset }).toISODate();
    if (day === null || !settings.run_days.includes(weekdayOf(day))) continue;
    const window = planRun(settings, day);
    if (window.orbStart > now) return window;
  }
  return null;
}

/** Trading days (YYYY-MM-DD) among run_days whose local date lies between two instants. */
export function runDaysBetween(settings: OrbSettings, from: number, to: number): string[] {
  const days: string[] = [];
  let day = DateTime.fromMillis(from, { zone: settings.timezone }).startOf('day');
  const last = DateTime.fromMillis(to, { zone: settings.timezone }).startOf('day');
  while (day <= last) {
    const iso = day.toISODate();
    if (iso !== null && settings.run_days.includes(weekdayOf(iso))) days.push(iso);
    day = day.plus({ days: 1 });
  }
  return days;
}
