/**
 * GET /api/reports/performance: a member's trading performance for a period and account,
 * read from the report rollups (totals, one point per trading day, the trade-by-trade drawdown
 * and streaks, breakdowns by the trade's fields) and the journaled trades, and finished with
 * the shared formulas of @th/domain.
 */
import { dailyCurves, fromCents, toCents } from '@th/domain';
import type { PerformanceReport, PerformanceReportQuery } from '@th/contracts';
import type { AppContext, AuthContext } from '../../context.ts';
import { rowsOf } from '../../db/rows.ts';
import { journaledAnswers } from '../trades/index.ts';
import { assembleBreakdowns, breakdownQuery, journalQuery, type GroupedRow } from './breakdowns.ts';
import { reportDays, streaksOf } from './days.ts';
import { figuresOf, money } from './figures.ts';
import { valuePerPointTable, type FigureSums, type ReportScope } from './scope.ts';

type BreakdownResultRow = GroupedRow & { average_r: number | null };

/** A day's net from its gross wins and losses, exact to the cent. */
const sumOf = (row: FigureSums) => fromCents((toCents(row.gross_win) ?? 0) - (toCents(row.gross_loss) ?? 0));

/**
 * The report as last computed while the member's trades and journal stayed as they are (any
 * instance sees a write at once: the revisions are read with the member's token), else computed.
 */
export function performanceReport(
  ctx: AppContext,
  auth: AuthContext,
  query: PerformanceReportQuery,
): Promise<{ data: PerformanceReport }> {
  const key = `performance ${query.from ?? ''} ${query.to ?? ''} ${query.account_id ?? ''}`;
  return journaledAnswers(ctx, auth).through(
    key,
    () => uncachedPerformanceReport(ctx, auth.userId, query),
    ({ data }) => 1 + data.curve.length + Object.values(data.breakdowns).flat().length,
  );
}

export async function uncachedPerformanceReport(
  ctx: AppContext,
  userId: string,
  query: PerformanceReportQuery,
): Promise<{ data: PerformanceReport }> {
  const scope: ReportScope = {
    userId,
    from: query.from ?? null,
    to: query.to ?? null,
    accountId: query.account_id || null,
  };
  // Independent statements, each on its own pool connection on PostgreSQL.
  const [{ days, totals }, breakdownResult, journalResult] = await Promise.all([
    reportDays(ctx.db, scope),
    valuePerPointTable(ctx.db, userId).then((perPoint) => ctx.db.execute(breakdownQuery(scope, perPoint))),
    ctx.db.execute(journalQuery(scope)),
  ]);
  const grouped = rowsOf<BreakdownResultRow>(breakdownResult);
  const risk = grouped.find((row) => row.dim === 'risk');
  const daily = days
    .filter((day): day is typeof day & { date: string } => day.date !== null)
    .map((day) => ({ date: day.date, net: sumOf(day), trades: Number(day.trades) }));
  const streaks = streaksOf(days);
  const tradesPerDay = new Map(daily.map((day) => [day.date, day.trades]));
  const averageR = risk?.average_r == null ? null : Math.round(Number(risk.average_r) * 100) / 100;
  const { sign, length } = streaks.current;
  return {
    data: {
      period: { from: scope.from, to: scope.to, account_id: scope.accountId },
      currency: 'USD',
      totals: {
        ...figuresOf(totals),
        largest_win: money(totals.largest_win),
        largest_loss: money(totals.largest_loss),
        average_r: averageR,
        trades_with_risk: Number(risk?.trades ?? 0),
        max_drawdown: money(totals.max_drawdown) ?? 0,
        longest_win_streak: streaks.longestWin,
        longest_loss_streak: streaks.longestLoss,
        current_streak: { kind: sign > 0 ? 'win' : sign < 0 ? 'loss' : 'none', length: sign === 0 ? 0 : length },
        trading_days: daily.length,
        first_trade_date: daily[0]?.date ?? null,
        last_trade_date: daily.at(-1)?.date ?? null,
      },
      curve: dailyCurves(daily).map((point) => ({ ...point, trades: tradesPerDay.get(point.date) ?? 0 })),
      breakdowns: assembleBreakdowns(grouped, rowsOf<GroupedRow>(journalResult), totals),
    },
  };
}
