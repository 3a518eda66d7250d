/**
 * Weekday vocabularies: the bot's run-day keys (mon..sun), luxon's ISO numbers (Monday 1 ..
 * Sunday 7) and the live-session numbers (Sunday 0 .. Saturday 6), with conversions.
 */

export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

/** Short labels as the run-day checklist shows them. */
export const WEEKDAY_LABELS: Readonly<Record<WeekdayKey, string>> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

export const WEEKDAY_NAMES: Readonly<Record<WeekdayKey, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** Luxon weekday number, 1 (Monday) .. 7 (Sunday). */
export type LuxonWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
/** Weekday as live sessions store it, 0 (Sunday) .. 6 (Saturday). */
export type SundayFirstWeekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export function isWeekdayKey(value: unknown): value is WeekdayKey {
  return typeof value === 'string' && (WEEKDAY_KEYS as readonly string[]).includes(value);
}

export function weekdayKeyToLuxon(key: WeekdayKey): LuxonWeekday {
  return (WEEKDAY_KEYS.indexOf(key) + 1) as LuxonWeekday;
}

export function luxonToWeekdayKey(weekday: number): WeekdayKey | null {
  return Number.isInteger(weekday) ? (WEEKDAY_KEYS[weekday - 1] ?? null) : null;
}

export function weekdayKeyToSundayFirst(key: WeekdayKey): SundayFirstWeekday {
  return luxonToSundayFirst(weekdayKeyToLuxon(key));
}

export function sundayFirstToWeekdayKey(day: number): WeekdayKey | null {
  if (!Number.isInteger(day) || day < 0 || day > 6) return null;
  return luxonToWeekdayKey(sundayFirstToLuxon(day as SundayFirstWeekday));
}

export function luxonToSundayFirst(weekday: LuxonWeekday): SundayFirstWeekday {
  return (weekday % 7) as SundayFirstWeekday;
}

export function sundayFirstToLuxon(day: SundayFirstWeekday): LuxonWeekday {
  return (day === 0 ? 7 : day) as LuxonWeekday;
}

/** Keep known keys only, deduplicated, in Monday-first order (the checklist's order). */
export function normaliseRunDays(values: readonly unknown[]): WeekdayKey[] {
  const wanted = new Set(values.map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v)));
  return WEEKDAY_KEYS.filter((key) => wanted.has(key));
}
