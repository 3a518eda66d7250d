import { DateTime } from 'luxon';
import type { Monitor } from '@th/contracts';

type Bar = Monitor['chart']['bars'][number];

/** One row of the price table: a minute, or a quarter hour of minutes, as one bar. */
export type PricePeriod = { key: string; label: string; open: number; high: number; low: number; close: number };

/** Up to this many one-minute bars are read a minute a row: the range and the first breakout. */
const MINUTE_ROWS = 30;
const QUARTER_HOUR = 15;

/**
 * The monitor's one-minute bars as table rows, times in the bot's zone (the zone its run window
 * is shown in). Early in the run each minute matters (the opening range forms, the breakout
 * comes) and there are few, so they are read one by one; a whole session is some 400 minutes,
 * too many to listen through, so then each row is a quarter hour on the clock (9:30, 9:45…)
 * with its open, high, low and close, enough to follow the price against the range, entry,
 * stop and target the page lists above the chart.
 */
export function pricePeriods(bars: readonly Bar[], zone: string): { by: 'minute' | 'quarter-hour'; periods: PricePeriod[] } {
  const by = bars.length > MINUTE_ROWS ? 'quarter-hour' : 'minute';
  const minutes = by === 'minute' ? 1 : QUARTER_HOUR;
  const groups = new Map<number, Bar[]>();
  for (const bar of bars) {
    const start = DateTime.fromMillis(bar.t, { zone });
    const bucket = start.set({ minute: start.minute - (start.minute % minutes), second: 0, millisecond: 0 }).toMillis();
    const group = groups.get(bucket);
    if (group) group.push(bar);
    else groups.set(bucket, [bar]);
  }
  const periods = [...groups].map(([bucket, group]) => {
    const start = DateTime.fromMillis(bucket, { zone }).setLocale('en-US');
    const first = group[0] ?? { o: 0 };
    const last = group.at(-1) ?? { c: 0 };
    return {
      key: String(bucket),
      label: by === 'minute' ? start.toFormat('h:mm a') : `${start.toFormat('h:mm a')} – ${start.plus({ minutes }).toFormat('h:mm a')}`,
      open: first.o,
      high: Math.max(...group.map((bar) => bar.h)),
      low: Math.min(...group.map((bar) => bar.l)),
      close: last.c,
    };
  });
  return { by, periods };
}
