/**
 * GET /api/reports/performance: a member's trading performance for a period and account,
 * aggregated in SQL (totals, one point per trading day, the trade-by-trade drawdown and
 * streaks, breakdowns) and finished with the shared formulas of @th/domain.
 */
import { sql } from 'drizzle-orm';
import { dailyCurves, fromCents, toCents } from '@th/domain';
import type { PerformanceReport, PerformanceReportQuery } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../trades/write.ts';
import { assembleBreakdowns, groupedQuery, journalQuery, type GroupedRow } from './breakdowns.ts';
import { figuresOf, money } from './figures.ts';
import { scopeConditions, scopedTrades, type ReportScope } from './scope.ts';

type TotalsRow = GroupedRow & {
  largest_win: string | null;
  largest_loss: string | null;
  average_r: number | null;
  trades_with_risk: number;
};

type SequenceRow = {
  max_drawdown: string | null;
  longest_win: number | null;
  longest_loss: number | null;
  last_sign: number | null;
  current_length: number | null;
};

const NO_TRADES: TotalsRow = {
  dim: 'total',
  key: null,
  trades: 0,
  wins: 0,
  losses: 0,
  gross_win: '0',
  gross_loss: '0',
  largest_win: null,
  largest_loss: null,
  average_r: null,
  trades_with_risk: 0,
};

/**
 * Drawdown and streaks need the trades in order (by close, then id): a running sum and its
 * running peak give the drawdown; numbering wins and losses apart gives the streaks (a flat
 * trade ends a streak).
 */
async function sequenceOf(db: Executor, scope: ReportScope): Promise<SequenceRow> {
  const result = await db.execute(sql`with
    o as (
      select sign(t.net_pnl)::int as sg, row_number() over w as rn, sum(t.net_pnl) over w as equity
      from trades t where ${scopeConditions(scope)}
      window w as (order by coalesce(t.exit_time, t.entry_time), t.id)
    ),
    p as (
      select sg, rn, greatest(0, max(equity) over (order by rn)) - equity as fall,
        rn - row_number() over (partition by sg order by rn) as island
      from o
    ),
    runs as (select sg, count(*)::int as length, max(rn) as last_rn from p where sg <> 0 group by sg, island)
    select (select max(fall) from p)::text as max_drawdown,
      (select max(length) from runs where sg = 1) as longest_win,
      (select max(length) from runs where sg = -1) as longest_loss,
      (select sg from o order by rn desc limit 1) as last_sign,
      (select length from runs where last_rn = (select max(rn) from o)) as current_length`);
  return rowsOf<SequenceRow>(result)[0]!;
}

/** A group's net from its gross wins and losses, exact to the cent. */
const sumOf = (row: GroupedRow) => fromCents((toCents(row.gross_win) ?? 0) - (toCents(row.gross_loss) ?? 0));

export async function performanceReport(
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
  const scoped = await scopedTrades(ctx.db, scope);
  const [groupedResult, journalResult, sequence] = await Promise.all([
    ctx.db.execute(groupedQuery(scoped.all)),
    ctx.db.execute(journalQuery(scoped.journaled, userId)),
    sequenceOf(ctx.db, scope),
  ]);
  const grouped = rowsOf<TotalsRow>(groupedResult);
  const totals = grouped.find((row) => row.dim === 'total') ?? NO_TRADES;
  const daily = grouped
    .filter((row) => row.dim === 'day' && row.key !== null)
    .map((row) => ({ date: row.key!, net: sumOf(row), trades: Number(row.trades) }));
  const groups = assembleBreakdowns(grouped, rowsOf<GroupedRow>(journalResult), totals);
  const tradesPerDay = new Map(daily.map((day) => [day.date, Number(day.trades)]));
  const lastSign = Number(sequence.last_sign ?? 0);
  const averageR = totals.average_r === null ? null : Math.round(Number(totals.average_r) * 100) / 100;
  const dates = daily.map((day) => day.date).sort();
  return {
    data: {
      period: { from: scope.from, to: scope.to, account_id: scope.accountId },
      currency: 'USD',
      totals: {
        ...figuresOf(totals),
        largest_win: money(totals.largest_win),
        largest_loss: money(totals.largest_loss),
        average_r: averageR,
        trades_with_risk: Number(totals.trades_with_risk),
        max_drawdown: money(sequence.max_drawdown) ?? 0,
        longest_win_streak: Number(sequence.longest_win ?? 0),
        longest_loss_streak: Number(sequence.longest_loss ?? 0),
        current_streak: {
          kind: lastSign > 0 ? 'win' : lastSign < 0 ? 'loss' : 'none',
          length: lastSign === 0 ? 0 : Number(sequence.current_length ?? 0),
        },
        trading_days: daily.length,
        first_trade_date: dates[0] ?? null,
        last_trade_date: dates.at(-1) ?? null,
      },
      curve: dailyCurves(daily).map((point) => ({ ...point, trades: tradesPerDay.get(point.date) ?? 0 })),
      breakdowns: groups,
    },
  };
}
