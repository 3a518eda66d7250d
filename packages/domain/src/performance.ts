/**
 * Performance statistics over closed trades, given as P&L amounts in chronological order.
 * Bot rules apply: a win is above zero, a loss below, zero is flat (counted as a trade but
 * neither a win nor a loss). Sums are taken in integer cents.
 */
import { fromCents, roundHalfUp, toCents, type Amount } from './money.ts';
import { tradeNet, type TradeLike } from './trades.ts';

/** P&L in cents, skipping trades whose P&L is unknown. */
function centsOf(pnls: readonly Amount[]): number[] {
  const result: number[] = [];
  for (const pnl of pnls) {
    const cents = toCents(pnl);
    if (cents !== null) result.push(cents);
  }
  return result;
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/**
 * Gross wins ÷ |gross losses|. Infinity with wins and no losses; null without trades or
 * when every trade is flat (0 ÷ 0 has no meaning to show).
 */
export function profitFactor(pnls: readonly Amount[]): number | null {
  const cents = centsOf(pnls);
  const won = sum(cents.filter((c) => c > 0));
  const lost = -sum(cents.filter((c) => c < 0));
  if (lost === 0) return won > 0 ? Infinity : null;
  return won / lost;
}

/** Mean winning trade, or null without wins. */
export function averageWin(pnls: readonly Amount[]): number | null {
  const wins = centsOf(pnls).filter((c) => c > 0);
  return wins.length === 0 ? null : fromCents(roundHalfUp(sum(wins) / wins.length, 0));
}

/** Mean losing trade as a negative amount, or null without losses. */
export function averageLoss(pnls: readonly Amount[]): number | null {
  const losses = centsOf(pnls).filter((c) => c < 0);
  return losses.length === 0 ? null : fromCents(roundHalfUp(sum(losses) / losses.length, 0));
}

/**
 * Win rate × average win − loss rate × |average loss|: the expected P&L per trade, rounded
 * to cents; null without trades.
 */
export function expectancy(pnls: readonly Amount[]): number | null {
  const cents = centsOf(pnls);
  if (cents.length === 0) return null;
  const wins = cents.filter((c) => c > 0);
  const losses = cents.filter((c) => c < 0);
  const avgWin = wins.length ? sum(wins) / wins.length : 0;
  const avgLoss = losses.length ? -sum(losses) / losses.length : 0;
  const value = (wins.length / cents.length) * avgWin - (losses.length / cents.length) * avgLoss;
  return fromCents(roundHalfUp(value, 0));
}

export function largestWin(pnls: readonly Amount[]): number | null {
  const wins = centsOf(pnls).filter((c) => c > 0);
  return wins.length === 0 ? null : fromCents(wins.reduce((a, b) => Math.max(a, b)));
}

/** The most negative trade, or null without losses. */
export function largestLoss(pnls: readonly Amount[]): number | null {
  const losses = centsOf(pnls).filter((c) => c < 0);
  return losses.length === 0 ? null : fromCents(losses.reduce((a, b) => Math.min(a, b)));
}

/** Cumulative P&L after each trade. */
export function equityCurve(pnls: readonly Amount[]): number[] {
  let running = 0;
  return centsOf(pnls).map((c) => fromCents((running += c)));
}

/** Distance below the running peak after each trade (0 or negative); the peak starts at 0. */
export function drawdownCurve(pnls: readonly Amount[]): number[] {
  let running = 0;
  let peak = 0;
  return centsOf(pnls).map((c) => {
    running += c;
    peak = Math.max(peak, running);
    return fromCents(running - peak) || 0;
  });
}

/** Largest peak-to-trough fall as a positive amount; 0 when equity never fell. */
export function maxDrawdown(pnls: readonly Amount[]): number {
  return Math.abs(drawdownCurve(pnls).reduce((low, d) => Math.min(low, d), 0));
}

export interface Streaks {
  longestWin: number;
  longestLoss: number;
  /** The run the last trade belongs to; a flat trade ends any run. */
  current: { kind: 'win' | 'loss' | 'none'; length: number };
}

export function streaks(pnls: readonly Amount[]): Streaks {
  let longestWin = 0;
  let longestLoss = 0;
  let kind: Streaks['current']['kind'] = 'none';
  let length = 0;
  for (const c of centsOf(pnls)) {
    const next = c > 0 ? 'win' : c < 0 ? 'loss' : 'none';
    length = next === 'none' ? 0 : next === kind ? length + 1 : 1;
    kind = next;
    if (kind === 'win') longestWin = Math.max(longestWin, length);
    if (kind === 'loss') longestLoss = Math.max(longestLoss, length);
  }
  return { longestWin, longestLoss, current: { kind, length } };
}

/** Percentage 0–100 with one decimal of trades above zero; null without trades. */
export function winRate(pnls: readonly Amount[]): number | null {
  const cents = centsOf(pnls);
  if (cents.length === 0) return null;
  return Math.round((cents.filter((c) => c > 0).length / cents.length) * 1000) / 10;
}

export interface PerformanceSummary {
  trades: number;
  net: number;
  wins: number;
  losses: number;
  winRate: number | null;
  profitFactor: number | null;
  expectancy: number | null;
  averageWin: number | null;
  averageLoss: number | null;
  largestWin: number | null;
  largestLoss: number | null;
  maxDrawdown: number;
}

export function performanceSummary(pnls: readonly Amount[]): PerformanceSummary {
  const cents = centsOf(pnls);
  return {
    trades: cents.length,
    net: fromCents(sum(cents)),
    wins: cents.filter((c) => c > 0).length,
    losses: cents.filter((c) => c < 0).length,
    winRate: winRate(pnls),
    profitFactor: profitFactor(pnls),
    expectancy: expectancy(pnls),
    averageWin: averageWin(pnls),
    averageLoss: averageLoss(pnls),
    largestWin: largestWin(pnls),
    largestLoss: largestLoss(pnls),
    maxDrawdown: maxDrawdown(pnls),
  };
}

export type Direction = 'long' | 'short';

/** buy/long → long, sell/short → short, else null. */
export function directionOf(side: string | null | undefined): Direction | null {
  const value = side?.trim().toLowerCase();
  if (value === 'buy' || value === 'long') return 'long';
  if (value === 'sell' || value === 'short') return 'short';
  return null;
}

/** Summaries of long and short trades; trades with no recognisable side are left out. */
export function longShortSplit<T extends TradeLike>(
  trades: readonly T[],
  pnlOf: (trade: T) => Amount = tradeNet,
): Record<Direction, PerformanceSummary> {
  const pick = (direction: Direction): Amount[] =>
    trades.filter((t) => directionOf(t.side) === direction).map(pnlOf);
  return { long: performanceSummary(pick('long')), short: performanceSummary(pick('short')) };
}

export interface PerformanceGroup {
  key: string;
  trades: number;
  net: number;
  winRate: number | null;
  profitFactor: number | null;
}

/** Performance per key (instrument, session, weekday…), groups in first-seen order. */
export function groupPerformance<T>(
  trades: readonly T[],
  keyOf: (trade: T) => string | null | undefined,
  pnlOf: (trade: T) => Amount,
): PerformanceGroup[] {
  const groups = new Map<string, Amount[]>();
  for (const trade of trades) {
    const key = keyOf(trade);
    if (key === null || key === undefined) continue;
    const list = groups.get(key) ?? [];
    list.push(pnlOf(trade));
    groups.set(key, list);
  }
  return [...groups].map(([key, pnls]) => {
    const summary = performanceSummary(pnls);
    return {
      key,
      trades: summary.trades,
      net: summary.net,
      winRate: summary.winRate,
      profitFactor: summary.profitFactor,
    };
  });
}
