/**
 * The set of trades a report covers: one member's journal trades (manual and linked, as
 * TradeDesk shows them; bot runs have the AlphaORB screens) with a known net P&L, on Toronto
 * trade dates from–to, of one account or all; as conditions on the trades table and as the
 * key of the report rollups (src/db/schema/reports.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { valuePerPoint } from '@th/domain';
import type { Executor } from '../../db/client.ts';
import { accountFilterOf, accountFilterSql, LABEL_ACCOUNT_PREFIX, looseIndexScan } from '../trades/index.ts';
import { rowsOf } from '../../db/rows.ts';

export interface ReportScope {
  userId: string;
  from: string | null;
  to: string | null;
  accountId: string | null;
}

/**
 * The rollups' account key for the filter (see src/db/schema/reports.ts): `*` for every
 * account, null when the filter matches nothing.
 */
export function accountKeyOf(accountId: string | null): string | null {
  const filter = accountFilterOf(accountId);
  switch (filter.kind) {
    case 'all':
      return '*';
    case 'none':
      return null;
    case 'linked':
      return filter.id;
    case 'label':
      return filter.label === null ? 'unlabeled' : `${LABEL_ACCOUNT_PREFIX}${filter.label}`;
  }
}

/**
 * The member's distinct symbols by a loose index scan (one probe per symbol), so the value
 * per point of each can come from the shared instrument table without reading every trade.
 */
async function memberInstruments(db: Executor, userId: string): Promise<string[]> {
  const result = await db.execute(sql`with recursive ${looseIndexScan('symbol', 'instrument', userId)}
    select value from symbol where value is not null`);
  return rowsOf<{ value: string }>(result).map((row) => row.value);
}

/** (instrument, per_point) rows: the member's symbols the shared instrument table knows. */
export async function valuePerPointTable(db: Executor, userId: string): Promise<SQL> {
  const symbols = await memberInstruments(db, userId);
  const known = symbols
    .map((symbol) => ({ symbol, perPoint: valuePerPoint(symbol) }))
    .filter((row): row is { symbol: string; perPoint: number } => row.perPoint !== null);
  if (known.length === 0) return sql`(select null::text as instrument, null::numeric as per_point where false)`;
  const rows = sql.join(
    known.map((row) => sql`(${row.symbol}::text, ${String(row.perPoint)}::numeric)`),
    sql`, `,
  );
  return sql`(values ${rows})`;
}

/** The scope's conditions on `trades t`. */
export function scopeConditions(scope: ReportScope): SQL {
  return sql`t.user_id = ${scope.userId} and t.source <> 'bot' and t.net_pnl is not null
    and ${scope.from ? sql`t.trade_date >= ${scope.from}` : sql`true`}
    and ${scope.to ? sql`t.trade_date <= ${scope.to}` : sql`true`}
    and ${accountFilterSql(accountFilterOf(scope.accountId), { account: sql`t.trading_account_id`, label: sql`t.account_label` })}`;
}

/**
 * `with f as (…)`: the trades in scope the journal says something about (an entry of their
 * own, or a day with tags), one row each with its net and trade date. Driven from the
 * journal's (small) tables, each trade fetched by its id, so the member's other trades are
 * never read.
 */
export function journaledTrades(scope: ReportScope): SQL {
  // An id array rather than a join: joined, the planner hashes all the member's trades.
  return sql`with f as (
    select t.id, t.net_pnl as net, t.trade_date
    from trades t
    where t.id = any(array(
      select e.trade_id from journal_trade_entries e where e.user_id = ${scope.userId}
      union
      select d.id from journal_days j
        join trades d on d.user_id = j.user_id and d.trade_date = j.date and d.source <> 'bot'
      where j.user_id = ${scope.userId} and cardinality(j.tags) > 0
    ))
      and ${scopeConditions(scope)}
  )`;
}

/**
 * A period cut where the rollup's months meet the days: the whole months inside from–to (read
 * from report_months; null bounds are open, so all time includes the trades without a date)
 * and the one or two partial months at its ends (read from the trades).
 */
export interface MonthSplit {
  months: { from: string | null; to: string | null } | null;
  edges: { from: string; to: string }[];
}

export function monthSplit(from: string | null, to: string | null): MonthSplit {
  const text = (date: DateTime) => date.toISODate()!;
  const first = from ? DateTime.fromISO(from, { zone: 'utc' }) : null;
  const last = to ? DateTime.fromISO(to, { zone: 'utc' }) : null;
  const startsMidMonth = first !== null && first.day !== 1;
  const endsMidMonth = last !== null && last.day !== last.daysInMonth;
  const edges: MonthSplit['edges'] = [];
  if (first && startsMidMonth) {
    const end = first.endOf('month');
    edges.push({ from: text(first), to: text(last && last < end ? last : end) });
  }
  if (last && endsMidMonth && !(first && startsMidMonth && first.hasSame(last, 'month'))) {
    const start = last.startOf('month');
    edges.push({ from: text(first && first > start ? first : start), to: text(last) });
  }
  const firstMonth = first && (startsMidMonth ? first.startOf('month').plus({ months: 1 }) : first);
  const lastMonth = last && (endsMidMonth ? last.startOf('month').minus({ months: 1 }) : last.startOf('month'));
  const months =
    firstMonth && lastMonth && firstMonth > lastMonth
      ? null
      : { from: firstMonth && text(firstMonth), to: lastMonth && text(lastMonth) };
  return { months, edges };
}

/** Aggregates every report figure is computed from, for `from f` (or a join of it). */
export const FIGURE_COLUMNS = sql`count(*)::int as trades,
  (count(*) filter (where f.net > 0))::int as wins,
  (count(*) filter (where f.net < 0))::int as losses,
  coalesce(sum(f.net) filter (where f.net > 0), 0)::text as gross_win,
  coalesce(-sum(f.net) filter (where f.net < 0), 0)::text as gross_loss`;

export interface FigureSums {
  trades: number;
  wins: number;
  losses: number;
  gross_win: string;
  gross_loss: string;
}
