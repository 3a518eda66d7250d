import { centsText, fromCents, reportMetrics, toCents } from '@th/domain';
import type { PerformanceFigures, ProfitFactor } from '@th/contracts';
import type { FigureSums } from './scope.ts';

/** A numeric from SQL as money rounded to cents; null stays null. */
export function money(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const cents = toCents(value);
  return cents === null ? null : fromCents(cents);
}

export function profitFactorOut(value: number | null): ProfitFactor {
  if (value === null) return null;
  if (value === Infinity) return 'infinity';
  return Math.round(value * 100) / 100;
}

/** SQL sums → the figures the page shows, through the shared formulas. */
export function figuresOf(sums: FigureSums): PerformanceFigures {
  const metrics = reportMetrics({
    trades: Number(sums.trades),
    wins: Number(sums.wins),
    losses: Number(sums.losses),
    grossWin: sums.gross_win,
    grossLoss: sums.gross_loss,
  });
  return {
    trades: metrics.trades,
    wins: metrics.wins,
    losses: metrics.losses,
    flats: metrics.flats,
    net: metrics.net,
    gross_win: money(sums.gross_win) ?? 0,
    gross_loss: money(sums.gross_loss) ?? 0,
    win_rate: metrics.winRate,
    profit_factor: profitFactorOut(metrics.profitFactor),
    expectancy: metrics.expectancy,
    average_win: metrics.averageWin,
    average_loss: metrics.averageLoss,
  };
}

/** Sums of a whole minus sums of its parts (e.g. trades never journaled). */
export function remainderOf(whole: FigureSums, parts: readonly FigureSums[]): FigureSums {
  const minus = (key: 'trades' | 'wins' | 'losses') => Number(whole[key]) - parts.reduce((n, p) => n + Number(p[key]), 0);
  const cents = (key: 'gross_win' | 'gross_loss') =>
    (toCents(whole[key]) ?? 0) - parts.reduce((n, p) => n + (toCents(p[key]) ?? 0), 0);
  return {
    trades: minus('trades'),
    wins: minus('wins'),
    losses: minus('losses'),
    gross_win: centsText(cents('gross_win')),
    gross_loss: centsText(cents('gross_loss')),
  };
}
