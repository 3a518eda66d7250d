/**
 * Economic-calendar rules: search, impact levels, grouping by day and the Stats column's
 * surprise (actual against forecast). Events arrive in several shapes; these read them all.
 */
import { DateTime, FixedOffsetZone, Info } from 'luxon';
import { toDateTime } from './trade-dates.ts';

export interface MarketEventLike {
  id?: string | number | null;
  title?: string | null;
  event?: string | null;
  name?: string | null;
  date?: string | null;
  time?: string | null;
  event_time?: string | null;
  local_time_label?: string | null;
  display_time?: string | null;
  datetime?: string | null;
  date_time?: string | null;
  datetime_utc?: string | null;
  starts_at?: string | null;
  timestamp?: number | string | null;
  timezone?: string | null;
  timezone_offset_minutes?: number | null;
  impact?: string | number | null;
  importance?: string | number | null;
  country?: string | null;
  currency?: string | null;
  forecast?: string | number | null;
  actual?: string | number | null;
  previous?: string | number | null;
  notes?: string | null;
  description?: string | null;
  detail?: string | null;
}

const SEARCHED_FIELDS = [
  'title',
  'event',
  'name',
  'currency',
  'country',
  'notes',
  'description',
  'detail',
] as const;

/** Case-insensitive search over the event's text fields; a blank query matches everything. */
export function marketEventMatches(
  event: MarketEventLike,
  query: string | null | undefined,
): boolean {
  const needle = query?.trim().toLowerCase();
  if (!needle) return true;
  return SEARCHED_FIELDS.some((field) => event[field]?.toLowerCase().includes(needle) ?? false);
}

export type MarketImpact = 'HIGH' | 'MEDIUM' | 'LOW' | 'HOLIDAY';
export type ImpactFilter = 'ALL' | 'HIGH' | 'MEDIUM' | 'LOW';

/** 'High', 'high impact expected', 'Med', 3… → HIGH / MEDIUM / LOW / HOLIDAY, else null. */
export function normaliseImpact(value: string | number | null | undefined): MarketImpact | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim().toLowerCase();
  if (text === '') return null;
  if (text.includes('holiday')) return 'HOLIDAY';
  if (text.startsWith('high') || text === 'h' || text === '3') return 'HIGH';
  if (text.startsWith('med') || text.startsWith('moderate') || text === 'm' || text === '2')
    return 'MEDIUM';
  if (text.startsWith('low') || text === 'l' || text === '1') return 'LOW';
  return null;
}

export function eventImpact(event: MarketEventLike): MarketImpact | null {
  return normaliseImpact(event.impact) ?? normaliseImpact(event.importance);
}

export function matchesImpactFilter(event: MarketEventLike, filter: ImpactFilter): boolean {
  return filter === 'ALL' || eventImpact(event) === filter;
}

/** "8:30", "08:30:00", "8:30am", "1:05 PM" → hour and minute; null for "All Day" etc. */
function parseClock(text: string | null | undefined): { hour: number; minute: number } | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?$/i.exec(text?.trim() ?? '');
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const meridiem = match[3]?.toLowerCase().charAt(0);
  if (meridiem === 'p' && hour < 12) hour += 12;
  if (meridiem === 'a' && hour === 12) hour = 0;
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}

function eventZone(event: MarketEventLike) {
  if (event.timezone && Info.isValidIANAZone(event.timezone)) return event.timezone;
  if (typeof event.timezone_offset_minutes === 'number') {
    return FixedOffsetZone.instance(event.timezone_offset_minutes);
  }
  return 'utc';
}

/**
 * When the event happens: a timestamp (seconds or milliseconds), else a datetime field,
 * else its date plus a clock time read in its own timezone (or fixed offset, else UTC).
 */
export function marketEventInstant(event: MarketEventLike): DateTime | null {
  const stamp = typeof event.timestamp === 'string' ? Number(event.timestamp) : event.timestamp;
  if (typeof stamp === 'number' && Number.isFinite(stamp) && stamp > 0) {
    // Below 1e12 it must be seconds: 1e12 ms is 2001, 1e12 s is far in the future.
    return DateTime.fromMillis(stamp < 1e12 ? stamp * 1000 : stamp, { zone: 'utc' });
  }
  for (const text of [event.datetime, event.date_time, event.datetime_utc, event.starts_at]) {
    const parsed = toDateTime(text);
    if (parsed) return parsed;
  }
  const date = event.date?.trim().slice(0, 10);
  if (!date) return null;
  const clock = [event.time, event.event_time, event.local_time_label, event.display_time]
    .map(parseClock)
    .find((c) => c !== null);
  if (!clock) return null;
  const at = DateTime.fromISO(date, { zone: eventZone(event) }).set(clock);
  return at.isValid ? at : null;
}

/** The day an event belongs to in a zone; date-only events keep their own date. */
export function marketEventDay(event: MarketEventLike, zone: string): string | null {
  const at = marketEventInstant(event);
  if (at) return at.setZone(zone).toISODate();
  const date = event.date?.trim().slice(0, 10) ?? '';
  return DateTime.fromISO(date).isValid ? date : null;
}

export interface MarketEventDay<E> {
  /** YYYY-MM-DD, or '' for events without a date. */
  date: string;
  /** "Monday, January 5" ('Date to be announced' without a date). */
  label: string;
  count: number;
  events: E[];
}

/** Events by day in the viewer's zone, days ascending, timed events first then untimed. */
export function groupEventsByDay<E extends MarketEventLike>(
  events: readonly E[],
  zone: string,
): MarketEventDay<E>[] {
  const days = new Map<string, { event: E; at: number | null; index: number }[]>();
  events.forEach((event, index) => {
    const date = marketEventDay(event, zone) ?? '';
    const list = days.get(date) ?? [];
    list.push({ event, at: marketEventInstant(event)?.toMillis() ?? null, index });
    days.set(date, list);
  });
  return [...days]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([date, list]) => {
      list.sort((a, b) => {
        if (a.at !== null && b.at !== null && a.at !== b.at) return a.at - b.at;
        if (a.at === null && b.at !== null) return 1;
        if (b.at === null && a.at !== null) return -1;
        return a.index - b.index;
      });
      const label = date
        ? DateTime.fromISO(date).setLocale('en-US').toFormat('cccc, LLLL d')
        : 'Date to be announced';
      return { date, label, count: list.length, events: list.map((entry) => entry.event) };
    });
}

const SCALES: Readonly<Record<string, number>> = { '': 1, '%': 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

export interface EventValue {
  /** In base units: '250K' → 250000. */
  value: number;
  unit: '' | '%' | 'K' | 'M' | 'B' | 'T';
  decimals: number;
}

/** '3.2%', '250K', '-0.1', '$1.5B', '1,200' → value, unit and decimals; null otherwise. */
export function parseEventValue(raw: string | number | null | undefined): EventValue | null {
  if (typeof raw === 'number') {
    return Number.isFinite(raw)
      ? { value: raw, unit: '', decimals: decimalsOf(String(raw)) }
      : null;
  }
  const text = raw
    ?.trim()
    .replace(/,/g, '')
    .replace(/[$€£¥]/g, '')
    .replace(/^[<>≈~]/, '');
  const match = /^([+-]?\d*\.?\d+)\s*(%|[KMBT])?$/i.exec(text ?? '');
  if (!match?.[1]) return null;
  const unit = (match[2]?.toUpperCase() ?? '') as EventValue['unit'];
  const number = Number(match[1]);
  return { value: number * (SCALES[unit] ?? 1), unit, decimals: decimalsOf(match[1]) };
}

function decimalsOf(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

export interface EventSurprise {
  /** actual − forecast, in base units. */
  difference: number;
  direction: 'above' | 'below' | 'inline';
  /** "+0.2%", "-25K", "0.0%". */
  label: string;
}

/** Actual against forecast for the Stats column; null unless both are numeric. */
export function eventSurprise(event: MarketEventLike): EventSurprise | null {
  const actual = parseEventValue(event.actual);
  const forecast = parseEventValue(event.forecast);
  if (!actual || !forecast) return null;
  const decimals = Math.max(actual.decimals, forecast.decimals);
  const unit = actual.unit || forecast.unit;
  const scale = SCALES[unit] ?? 1;
  const shown = Number(((actual.value - forecast.value) / scale).toFixed(decimals));
  const difference = shown * scale;
  const direction = shown > 0 ? 'above' : shown < 0 ? 'below' : 'inline';
  const magnitude = Math.abs(shown).toFixed(decimals);
  const sign = shown > 0 ? '+' : shown < 0 ? '-' : '';
  return { difference, direction, label: `${sign}${magnitude}${unit}` };
}
