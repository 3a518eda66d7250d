/**
 * Performance reports from aggregates. The server sums a member's trades in SQL (counts,
 * gross wins and losses per group) and these formulas turn the sums into the figures the
 * reports page shows, with the same rules as performance.ts: a win is above zero, a loss
 * below, a zero trade is flat (a trade, but neither a win nor a loss).
 */
import { DateTime } from 'luxon';
import { fromCents, roundHalfUp, toCents, type Amount } from './money.ts';
import { TRADE_TIME_ZONE } from './calendar-months.ts';
import { torontoDay } from './trade-dates.ts';
import { MISSING_VALUE } from './trade-format.ts';

/** What SQL hands over for a set of trades; amounts as numeric text or numbers. */
export interface ReportSums {
  trades: number;
  wins: number;
  losses: number;
  /** Sum of the winning trades (≥ 0). */
  grossWin: Amount;
  /** Sum of the losing trades as a positive amount (≥ 0). */
  grossLoss: Amount;
}

export interface ReportMetrics {
  trades: number;
  wins: number;
  losses: number;
  flats: number;
  net: number;
  /** Percent of trades that won, one decimal; null without trades. */
  winRate: number | null;
  /** Gross wins ÷ gross losses; Infinity with wins and no losses; null when undefined. */
  profitFactor: number | null;
  /** win rate × average win − loss rate × average loss, in money; null without trades. */
  expectancy: number | null;
  averageWin: number | null;
  /** Mean losing trade as a negative amount; null without losses. */
  averageLoss: number | null;
}

export function reportMetrics(sums: ReportSums): ReportMetrics {
  const won = Math.abs(toCents(sums.grossWin) ?? 0);
  const lost = Math.abs(toCents(sums.grossLoss) ?? 0);
  const { trades, wins, losses } = sums;
  const averageWinCents = wins > 0 ? won / wins : null;
  const averageLossCents = losses > 0 ? lost / losses : null;
  let profitFactor: number | null = null;
  if (lost > 0) profitFactor = won / lost;
  else if (won > 0) profitFactor = Infinity;
  return {
    trades,
    wins,
    losses,
    flats: Math.max(0, trades - wins - losses),
    net: fromCents(won - lost),
    winRate: trades > 0 ? Math.round((wins / trades) * 1000) / 10 : null,
    profitFactor,
    expectancy:
      trades > 0
        ? fromCents(roundHalfUp((wins / trades) * (averageWinCents ?? 0) - (losses / trades) * (averageLossCents ?? 0), 0))
        : null,
    averageWin: averageWinCents === null ? null : fromCents(roundHalfUp(averageWinCents, 0)),
    averageLoss: averageLossCents === null ? null : -fromCents(roundHalfUp(averageLossCents, 0)) || 0,
  };
}

/** '∞' with wins and no losses, '—' when there is nothing to divide, else two decimals. */
export function formatProfitFactor(value: number | 'infinity' | null | undefined): string {
  if (value === 'infinity' || value === Infinity) return '∞';
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING_VALUE;
  return value.toFixed(2);
}

/** An average R multiple ("1.25R"), or '—' when no trade had a known risk. */
export function formatRMultiple(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING_VALUE;
  return `${value.toFixed(2)}R`;
}

export interface DailyPoint {
  date: string;
  net: Amount;
}

export interface CurvePoint {
  date: string;
  /** The day's net P&L. */
  net: number;
  /** Cumulative net P&L at the end of the day. */
  equity: number;
  /** Distance below the highest equity so far (0 or negative); the peak starts at 0. */
  drawdown: number;
}

/** Equity and drawdown at the end of each trading day, in date order. */
export function dailyCurves(days: readonly DailyPoint[]): CurvePoint[] {
  let equity = 0;
  let peak = 0;
  return [...days]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((day) => {
      const cents = toCents(day.net) ?? 0;
      equity += cents;
      peak = Math.max(peak, equity);
      return { date: day.date, net: fromCents(cents), equity: fromCents(equity), drawdown: fromCents(equity - peak) || 0 };
    });
}

export const REPORT_PERIODS = ['month', '30d', 'year', 'all', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const REPORT_PERIOD_LABELS: Readonly<Record<ReportPeriod, string>> = {
  month: 'This month',
  '30d': 'Last 30 days',
  year: 'This year',
  all: 'All time',
  custom: 'Custom',
};

export function isReportPeriod(value: unknown): value is ReportPeriod {
  return typeof value === 'string' && (REPORT_PERIODS as readonly string[]).includes(value);
}

export interface DateRange {
  /** First Toronto trade date included (YYYY-MM-DD), or null for no lower bound. */
  from: string | null;
  /** Last Toronto trade date included, or null for no upper bound. */
  to: string | null;
}

/**
 * The trade dates a period covers, in Toronto (where trade dates live). "Last 30 days" is
 * today and the 29 days before it; a custom period keeps whichever ends are valid dates.
 */
export function reportPeriodRange(
  period: ReportPeriod,
  now: Date | string | number,
  custom: { from?: string | null; to?: string | null } = {},
): DateRange {
  const today = DateTime.fromJSDate(new Date(now)).setZone(TRADE_TIME_ZONE).startOf('day');
  const iso = (value: DateTime) => value.toISODate() ?? null;
  switch (period) {
    case 'month':
      return { from: iso(today.startOf('month')), to: iso(today) };
    case '30d':
      return { from: iso(today.minus({ days: 29 })), to: iso(today) };
    case 'year':
      return { from: iso(today.startOf('year')), to: iso(today) };
    case 'all':
      return { from: null, to: null };
    case 'custom': {
      const valid = (value: string | null | undefined) => (value && torontoDay(value) ? value : null);
      return { from: valid(custom.from), to: valid(custom.to) };
    }
  }
}

/** "09:00–09:59" for an hour of the day 0–23. */
export function hourLabel(hour: number): string {
  const h = String(hour).padStart(2, '0');
  return `${h}:00–${h}:59`;
}

/** Mean of the known R multiples, or null when none is known. */
export function averageR(values: readonly (number | null | undefined)[]): number | null {
  const known = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (known.length === 0) return null;
  return known.reduce((a, b) => a + b, 0) / known.length;
}

/** Share of a whole as a percent with one decimal (e.g. the part of trades a group holds). */
export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}
