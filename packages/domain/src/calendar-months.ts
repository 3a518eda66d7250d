/**
 * The Toronto month of a moment and the dates a month's Sunday-first calendar grid spans,
 * without luxon: TradeDesk's route loader needs them to start its calls, and a chunk with
 * luxon in it (75 KB) arrived only after the profile on a cold load, holding the calls back.
 * `monthGrid` in trade-dates.ts builds the grid itself and agrees with these (tested).
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
