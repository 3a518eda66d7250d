/**
 * A report's days from the report_days rollup: one row per trading day of the scope (the
 * curve), the totals, and the trade-by-trade max drawdown and streaks, chained from each day's
 * summary of its trades in order. Days follow each other in trade order because a trade's date
 * is the Toronto date of the moment it is ordered by (its close, else its entry).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { accountKeyOf, type FigureSums, type ReportScope } from './scope.ts';

export type DayRow = FigureSums & {
  date: string | null;
  first_sign: number;
  first_run: number;
  last_sign: number;
  last_run: number;
  longest_win: number;
  longest_loss: number;
};

export type DayTotals = FigureSums & {
  largest_win: string | null;
  largest_loss: string | null;
  max_drawdown: string | null;
};

type Row = (DayRow & { kind: 'day' }) | (DayTotals & { kind: 'total' });

/**
 * Drawdown chained over days: a day's trades fall at most from the higher of the peak before
 * the day (≥ 0, the start) and the day's own running peak, so the day's worst fall is the
 * larger of (peak before − equity before − the day's lowest equity) and its own drawdown.
 */
export async function reportDays(db: Executor, scope: ReportScope): Promise<{ days: DayRow[]; totals: DayTotals }> {
  const key = accountKeyOf(scope.accountId);
  const before = sql.raw('order by d.trade_date rows between unbounded preceding and 1 preceding');
  const result = await db.execute(sql`with
    d as (
      select * from report_days d
      where d.user_id = ${scope.userId} and ${key === null ? sql`false` : sql`d.account_key = ${key}`}
        and ${scope.from ? sql`d.trade_date >= ${scope.from}` : sql`true`}
        and ${scope.to ? sql`d.trade_date <= ${scope.to}` : sql`true`}
    ),
    opening as (
      select d.*, coalesce(sum(d.gross_win - d.gross_loss) over (${before}), 0) as equity_before from d
    ),
    fall as (
      select d.*, greatest(greatest(max(d.equity_before + d.high_equity) over (${before}), 0) - d.equity_before - d.low_equity,
        d.drawdown) as fall
      from opening d
    )
    select 'day' as kind, trade_date::text as date, trades, wins, losses, gross_win::text, gross_loss::text,
      first_sign, first_run, last_sign, last_run, longest_win, longest_loss,
      null as largest_win, null as largest_loss, null as max_drawdown
    from fall
    union all
    select 'total', null, coalesce(sum(trades), 0)::int, coalesce(sum(wins), 0)::int, coalesce(sum(losses), 0)::int,
      coalesce(sum(gross_win), 0)::text, coalesce(sum(gross_loss), 0)::text, null, null, null, null, null, null,
      max(largest_win)::text, min(largest_loss)::text, max(fall)::text
    from fall
    order by kind, date nulls last`);
  const rows = rowsOf<Row>(result);
  const totals = rows.find((row): row is DayTotals & { kind: 'total' } => row.kind === 'total')!;
  return { days: rows.filter((row): row is DayRow & { kind: 'day' } => row.kind === 'day'), totals };
}

export interface Streaks {
  longestWin: number;
  longestLoss: number;
  /** Sign (−1, 0, 1) and length of the run the last trade belongs to. */
  current: { sign: number; length: number };
}

/** Win and loss streaks of consecutive trades, chained over the days in trade order. */
export function streaksOf(days: readonly DayRow[]): Streaks {
  let longestWin = 0;
  let longestLoss = 0;
  let current = { sign: 0, length: 0 };
  for (const day of days) {
    const firstSign = Number(day.first_sign);
    const firstRun = Number(day.first_run);
    // The day's first run continues the run the previous day ended with.
    const joined = firstSign !== 0 && firstSign === current.sign ? current.length + firstRun : firstRun;
    const wholeDay = firstRun === Number(day.trades);
    longestWin = Math.max(longestWin, Number(day.longest_win), firstSign > 0 ? joined : 0);
    longestLoss = Math.max(longestLoss, Number(day.longest_loss), firstSign < 0 ? joined : 0);
    current = wholeDay ? { sign: firstSign, length: joined } : { sign: Number(day.last_sign), length: Number(day.last_run) };
  }
  return { longestWin, longestLoss, current };
}
