import { DateTime } from 'luxon';
import type { BacktestEquityPoint } from '@th/contracts';
import { sumAmounts } from '@th/domain';

/** One row of the backtest equity table: a session day, or a month of sessions. */
export type EquityPeriod = {
  key: string;
  label: string;
  /** The bot's cumulative P&L at the period's end (its last trade, else carried from before). */
  bot: number;
  /** The bot's P&L over the period. */
  change: number;
  /** Buy and hold at the period's last session close; null before the first close. */
  hold: number | null;
};

/**
 * The two equity curves as table rows, days in the bot's zone (the zone of the trades table
 * below). A backtest may span two years and a thousand trades: read a trade a row, the table
 * would be the trades table again and far too long to listen through, so a run over more than
 * one calendar month is told a month a row (where the bot ended it, what it made in it, and
 * buy and hold at its last close, the comparison the chart draws); a shorter run keeps a row
 * per session day.
 */
export function equityPeriods(
  equity: readonly BacktestEquityPoint[],
  hold: readonly BacktestEquityPoint[],
  zone: string,
): { by: 'day' | 'month'; periods: EquityPeriod[] } {
  const dayOf = (point: BacktestEquityPoint) => DateTime.fromISO(point.at, { zone }).toFormat('yyyy-MM-dd');
  const days = [...equity, ...hold].map(dayOf);
  const by = new Set(days.map((day) => day.slice(0, 7))).size > 1 ? 'month' : 'day';
  const keyOf = (point: BacktestEquityPoint) => (by === 'month' ? dayOf(point).slice(0, 7) : dayOf(point));
  const lastIn = (points: readonly BacktestEquityPoint[]) => {
    const ends = new Map<string, number>();
    for (const point of points) ends.set(keyOf(point), point.equity);
    return ends;
  };
  const botEnds = lastIn(equity);
  const holdEnds = lastIn(hold);
  const keys = [...new Set([...botEnds.keys(), ...holdEnds.keys()])].sort();

  let bot = 0;
  let holdEnd: number | null = null;
  return {
    by,
    periods: keys.map((key) => {
      const before = bot;
      bot = botEnds.get(key) ?? bot;
      holdEnd = holdEnds.get(key) ?? holdEnd;
      const start = DateTime.fromISO(by === 'month' ? `${key}-01` : key, { zone }).setLocale('en-US');
      return {
        key,
        label: start.toFormat(by === 'month' ? 'LLLL yyyy' : 'LLL d, yyyy'),
        bot,
        change: sumAmounts([bot, -before]),
        hold: holdEnd,
      };
    }),
  };
}
