import { MONEY_DECIMALS, roundHalfUp } from '../money.ts';
import type { ClosedTrade } from './types.ts';

export interface EquityPoint {
  at: number;
  equity: number;
}

export interface BacktestStats {
  trades: number;
  wins: number;
  losses: number;
  flats: number;
  /** Percent of trades with pnl above 0. */
  winRate: number;
  totalPnl: number;
  grossProfit: number;
  /** Sum of losing trades as a positive amount. */
  grossLoss: number;
  /** grossProfit / grossLoss; null when there is no loss to divide by. */
  profitFactor: number | null;
  expectancyMoney: number;
  expectancyR: number | null;
  /** Largest peak-to-trough fall of the equity curve, as a positive amount. */
  maxDrawdown: number;
  fees: number;
  tradingDays: number;
  tradesPerDay: number;
  exitsByReason: { stop: number; target: number; session_close: number; manual: number };
}

export interface BuyAndHold {
  qty: number;
  entryPrice: number;
  exitPrice: number;
  pnl: number;
  returnPct: number;
  /** Value of the held position at each simulated day's session close. */
  equity: EquityPoint[];
}

export function backtestEquityCurve(
  trades: readonly ClosedTrade[],
  startAt: number,
  startingEquity: number,
): EquityPoint[] {
  const points: EquityPoint[] = [{ at: startAt, equity: startingEquity }];
  let equity = startingEquity;
  for (const trade of trades) {
    equity = roundHalfUp(equity + trade.pnl, MONEY_DECIMALS);
    points.push({ at: trade.exitAt, equity });
  }
  return points;
}

export function backtestMaxDrawdown(points: readonly EquityPoint[]): number {
  let peak = -Infinity;
  let worst = 0;
  for (const point of points) {
    if (point.equity > peak) peak = point.equity;
    if (peak - point.equity > worst) worst = peak - point.equity;
  }
  return roundHalfUp(worst, MONEY_DECIMALS);
}

export function backtestStats(
  trades: readonly ClosedTrade[],
  equity: readonly EquityPoint[],
  tradingDays: number,
): BacktestStats {
  let wins = 0;
  let losses = 0;
  let grossProfit = 0;
  let grossLoss = 0;
  let fees = 0;
  let rSum = 0;
  let rCount = 0;
  const exitsByReason = { stop: 0, target: 0, session_close: 0, manual: 0 };
  for (const trade of trades) {
    if (trade.pnl > 0) {
      wins += 1;
      grossProfit += trade.pnl;
    } else if (trade.pnl < 0) {
      losses += 1;
      grossLoss -= trade.pnl;
    }
    fees += trade.fees;
    if (trade.rMultiple !== null) {
      rSum += trade.rMultiple;
      rCount += 1;
    }
    if (trade.exitReason === 'flatten') exitsByReason.session_close += 1;
    else exitsByReason[trade.exitReason] += 1;
  }
  const count = trades.length;
  const totalPnl = roundHalfUp(grossProfit - grossLoss, MONEY_DECIMALS);
  return {
    trades: count,
    wins,
    losses,
    flats: count - wins - losses,
    winRate: count === 0 ? 0 : Math.round((wins / count) * 1000) / 10,
    totalPnl,
    grossProfit: roundHalfUp(grossProfit, MONEY_DECIMALS),
    grossLoss: roundHalfUp(grossLoss, MONEY_DECIMALS),
    profitFactor: grossLoss > 0 ? Math.round((grossProfit / grossLoss) * 1000) / 1000 : null,
    expectancyMoney: count === 0 ? 0 : roundHalfUp(totalPnl / count, MONEY_DECIMALS),
    expectancyR: rCount === 0 ? null : Math.round((rSum / rCount) * 1000) / 1000,
    maxDrawdown: backtestMaxDrawdown(equity),
    fees: roundHalfUp(fees, MONEY_DECIMALS),
    tradingDays,
    tradesPerDay: tradingDays === 0 ? 0 : Math.round((count / tradingDays) * 1000) / 1000,
    exitsByReason,
  };
}
