/**
 * The set of trades a report covers, as a SQL fragment: one member's journal trades (manual
 * and linked, as TradeDesk shows them; bot runs have the AlphaORB screens) with a known net
 * P&L, on Toronto trade dates from–to, of one account or all.
 */
import { sql, type SQL } from 'drizzle-orm';
import { TRADING_SESSIONS, valuePerPoint } from '@th/domain';
import type { Executor } from '../../db/client.ts';
import { LABEL_ACCOUNT_PREFIX } from '../trades/present.ts';
import { rowsOf } from '../trades/write.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ReportScope {
  userId: string;
  from: string | null;
  to: string | null;
  accountId: string | null;
}

/**
 * The account filter as the trade log reads it: a linked account's id, or `label:{name}` for
 * trades tied to no linked account (manual ones). Anything else matches nothing.
 */
function accountFilter(accountId: string | null): SQL {
  if (!accountId) return sql`true`;
  if (accountId.startsWith(LABEL_ACCOUNT_PREFIX)) {
    const label = accountId.slice(LABEL_ACCOUNT_PREFIX.length);
    return label
      ? sql`t.trading_account_id is null and t.account_label = ${label}`
      : sql`t.trading_account_id is null and t.account_label is null`;
  }
  return UUID.test(accountId) ? sql`t.trading_account_id = ${accountId}::uuid` : sql`false`;
}

/**
 * The member's distinct symbols by a loose index scan (one probe per symbol), so the value
 * per point of each can come from the shared instrument table without reading every trade.
 */
async function memberInstruments(db: Executor, userId: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive symbol as (
      (select instrument as value from trades
        where user_id = ${userId} and source <> 'bot' order by instrument limit 1)
      union all
      select (select instrument from trades
        where user_id = ${userId} and source <> 'bot' and instrument > symbol.value
        order by instrument limit 1)
      from symbol where symbol.value is not null
    )
    select value from symbol where value is not null`);
  return rowsOf<{ value: string }>(result).map((row) => row.value);
}

/** (symbol, value per point) rows for the symbols the shared table knows. */
function valuePerPointTable(symbols: readonly string[]): SQL {
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

/** Minute of the Toronto day → §4.4 session label, generated from the shared session table. */
function sessionCase(minuteOfDay: SQL): SQL {
  const branches = TRADING_SESSIONS.map((session) => {
    const from = session.start.hour * 60 + session.start.minute;
    const last = session.last.hour * 60 + session.last.minute;
    const inside =
      from <= last
        ? sql`${minuteOfDay} between ${sql.raw(String(from))} and ${sql.raw(String(last))}`
        : sql`(${minuteOfDay} >= ${sql.raw(String(from))} or ${minuteOfDay} <= ${sql.raw(String(last))})`;
    return sql`when ${inside} then ${sql.raw(`'${session.label}'`)}`;
  });
  return sql`case ${sql.join(branches, sql` `)} end`;
}

/** The scope's conditions on `trades t`. */
export function scopeConditions(scope: ReportScope): SQL {
  return sql`t.user_id = ${scope.userId} and t.source <> 'bot' and t.net_pnl is not null
    and ${scope.from ? sql`t.trade_date >= ${scope.from}` : sql`true`}
    and ${scope.to ? sql`t.trade_date <= ${scope.to}` : sql`true`}
    and ${accountFilter(scope.accountId)}`;
}

/**
 * Trades the journal says something about: an entry of their own, or a day with tags. Driven
 * from the journal's (small) tables so the rest of the member's trades are never read.
 */
function journaledIds(userId: string): SQL {
  return sql`t.id in (
    select e.trade_id from journal_trade_entries e where e.user_id = ${userId}
    union
    select d.id from journal_days j
      join trades d on d.user_id = j.user_id and d.trade_date = j.date and d.source <> 'bot'
    where j.user_id = ${userId} and cardinality(j.tags) > 0)`;
}

/**
 * `with f as (…)`: one row per trade in scope with what the grouped report queries read: the
 * Toronto weekday, hour and §4.4 session of the entry, and the R multiple by the shared rule
 * (rMultipleOf): a recorded R, else net ÷ explicit risk, else net ÷ (|entry − stop| ×
 * |quantity| × value per point).
 */
export async function scopedTrades(db: Executor, scope: ReportScope): Promise<{ all: SQL; journaled: SQL }> {
  const perPoint = valuePerPointTable(await memberInstruments(db, scope.userId));
  return { all: tradesCte(scope, perPoint, sql`true`), journaled: tradesCte(scope, perPoint, journaledIds(scope.userId)) };
}

function tradesCte(scope: ReportScope, perPoint: SQL, extra: SQL): SQL {
  const stop = sql`coalesce(t.stop_loss, t.stop_price)`;
  const pointValue = sql`coalesce(t.value_per_point, t.contract_size, v.per_point)`;
  const minute = sql`(extract(hour from l.at)::int * 60 + extract(minute from l.at)::int)`;
  return sql`with f as (
    select t.id, t.net_pnl as net, t.side, t.instrument, t.trade_date,
      extract(isodow from l.at)::int as weekday,
      extract(hour from l.at)::int as hour,
      ${sessionCase(minute)} as session,
      case
        when t.rr is not null then t.rr
        when t.risk_amount is not null and t.risk_amount <> 0 then t.net_pnl / abs(t.risk_amount)
        when t.entry_price is not null and ${stop} is not null and t.entry_price <> ${stop}
          and t.quantity is not null and t.quantity <> 0 and ${pointValue} is not null and ${pointValue} <> 0
          then t.net_pnl / (abs(t.entry_price - ${stop}) * abs(t.quantity) * ${pointValue})
      end as r
    from trades t
    cross join lateral (select coalesce(t.entry_time, t.exit_time) at time zone 'America/Toronto' as at) l
    left join ${perPoint} as v(instrument, per_point) on v.instrument = t.instrument
    where ${scopeConditions(scope)} and ${extra}
  )`;
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
