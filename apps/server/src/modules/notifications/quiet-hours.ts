import { DateTime } from 'luxon';

const minutesOf = (clock: string) => {
  const [hour, minute] = clock.split(':').map(Number);
  return hour! * 60 + minute!;
};

/**
 * When quiet hours (wall-clock "HH:MM" in `zone`, possibly across midnight) are on at `now`, the
 * moment they end; otherwise null. E-mail waits until then; in-app notifications do not.
 */
export function quietHoursEnd(now: Date, zone: string, start: string | null, end: string | null): Date | null {
  if (!start || !end || start === end) return null;
  const local = DateTime.fromJSDate(now, { zone });
  const minute = local.hour * 60 + local.minute;
  const from = minutesOf(start);
  const to = minutesOf(end);
  const quiet = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  if (!quiet) return null;
  // Overnight hours entered before midnight end tomorrow.
  const day = from > to && minute >= from ? local.plus({ days: 1 }) : local;
  return day.set({ hour: Math.floor(to / 60), minute: to % 60, second: 0, millisecond: 0 }).toJSDate();
}
