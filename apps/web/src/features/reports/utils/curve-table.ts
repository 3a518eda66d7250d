import type { ReportCurvePoint } from '@th/contracts';
import { monthLabel, sumAmounts, torontoDay } from '@th/domain';

/** One row of the equity and drawdown table: a trading day, or a month of them. */
export type CurvePeriod = {
  key: string;
  label: string;
  trades: number;
  /** Net P&L over the period. */
  net: number;
  /** Equity at the close of the period's last trading day. */
  equity: number;
  /** The lowest drawdown (at or below zero) of any day's close in the period. */
  deepestDrawdown: number;
};

/**
 * The curve as table rows. A screen reader reads a table row by row: a year of trading is some
 * 250 days, far too many to listen through, so a curve that spans more than one calendar month
 * is told a month a row (the unit of the TradeDesk calendar and of a trader's monthly review),
 * with the month's result, where equity ended and how deep it fell. A curve within one month
 * keeps its days, which are few enough to read one by one. Dates are trade dates (Toronto
 * calendar days), as on the rest of the report.
 */
export function curvePeriods(curve: readonly ReportCurvePoint[]): { by: 'day' | 'month'; periods: CurvePeriod[] } {
  const months = new Set(curve.map((point) => point.date.slice(0, 7)));
  const by = months.size > 1 ? 'month' : 'day';
  const groups = new Map<string, ReportCurvePoint[]>();
  for (const point of curve) {
    const key = by === 'month' ? point.date.slice(0, 7) : point.date;
    const group = groups.get(key);
    if (group) group.push(point);
    else groups.set(key, [point]);
  }
  const periods = [...groups].map(([key, points]) => ({
    key,
    label: (by === 'month' ? monthLabel(key) : torontoDay(key)?.setLocale('en-US').toFormat('LLL d, yyyy')) ?? key,
    trades: points.reduce((sum, point) => sum + point.trades, 0),
    net: sumAmounts(points.map((point) => point.net)),
    equity: points.at(-1)?.equity ?? 0,
    deepestDrawdown: Math.min(0, ...points.map((point) => point.drawdown)),
  }));
  return { by, periods };
}
