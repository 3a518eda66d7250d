import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { torontoDateOf, torontoDay } from '@th/domain';
import {
  TRADE_LOG_PAGE_SIZE,
  type DaySummary,
  type OrderHistoryQuery,
  type OrderHistoryResponse,
  type TradeAccountOption,
} from '@th/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { tradingAccounts, trades } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { LABEL_ACCOUNT_PREFIX, toTrade } from './present.ts';
import { rowsOf } from './write.ts';

/** The journal shows manual and linked trades; written literally so partial indexes apply. */
const journalTrades = sql`${trades.source} <> 'bot'`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Distinct values of one column of a member's journal trades by a loose index scan: one index
 * probe per distinct value instead of reading every trade (members have years of trades).
 */
async function distinctValues(db: Executor, userId: string, column: 'instrument' | 'type' | 'side') {
  const col = sql.raw(column);
  const result = await db.execute(sql`
    with recursive facet as (
      (select ${col} as value from trades
        where user_id = ${userId} and source <> 'bot' and ${col} is not null
        order by ${col} limit 1)
      union all
      select (select ${col} from trades
        where user_id = ${userId} and source <> 'bot' and ${col} > facet.value
        order by ${col} limit 1)
      from facet where facet.value is not null
    )
    select value from facet where value is not null`);
  return rowsOf<{ value: string }>(result).map((row) => row.value);
}

/** The account filter's choices: the member's linked accounts, then the labels of the rest. */
async function accountOptions(db: Executor, userId: string): Promise<TradeAccountOption[]> {
  const [linked, unlinked] = await Promise.all([
    db
      .select({ id: tradingAccounts.id, name: tradingAccounts.name, label: tradingAccounts.label })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.userId, userId))
      .orderBy(asc(tradingAccounts.createdAt)),
    db
      .selectDistinct({ label: trades.accountLabel })
      .from(trades)
      .where(and(eq(trades.userId, userId), isNull(trades.tradingAccountId), journalTrades))
      .orderBy(asc(trades.accountLabel)),
  ]);
  return [
    ...linked.map((row) => ({ id: row.id, label: row.label || row.name })),
    ...unlinked.map((row) => ({ id: `${LABEL_ACCOUNT_PREFIX}${row.label ?? ''}`, label: row.label ?? 'Unlabelled' })),
  ];
}

/** Conditions of the account filter: a linked account id or a label; unknown → none. */
function accountCondition(accountId: string | undefined): SQL | null | 'none' {
  if (!accountId) return null;
  if (accountId.startsWith(LABEL_ACCOUNT_PREFIX)) {
    const label = accountId.slice(LABEL_ACCOUNT_PREFIX.length);
    return and(isNull(trades.tradingAccountId), label ? eq(trades.accountLabel, label) : isNull(trades.accountLabel)) ?? null;
  }
  return UUID.test(accountId) ? eq(trades.tradingAccountId, accountId) : 'none';
}

function dayStart(date: string, field: string): Date {
  const day = torontoDay(date);
  if (!day) throw AppError.invalid(field, 'Enter a valid date.');
  return day.toJSDate();
}

/**
 * GET /api/trades/order-history: a page of the member's trades, newest entry first, with the
 * filter choices in meta. Instrument matches case-insensitively anywhere in the symbol; entry
 * dates are whole Toronto days, both ends included; from/to bound the trade's exit (else entry).
 */
export async function orderHistory(
  ctx: AppContext,
  userId: string,
  query: OrderHistoryQuery,
): Promise<OrderHistoryResponse> {
  const db = ctx.db;
  const perPage = Math.min(query.per_page ?? query.limit ?? TRADE_LOG_PAGE_SIZE, query.limit ?? Infinity);
  const page = query.page ?? 1;

  const conditions: SQL[] = [eq(trades.userId, userId), journalTrades];
  if (query.entry_from) conditions.push(gte(trades.entryTime, dayStart(query.entry_from, 'entry_from')));
  if (query.entry_to) {
    if (query.entry_from && query.entry_to < query.entry_from) {
      throw AppError.invalid('entry_to', 'The To date must be on or after the From date.');
    }
    const end = DateTime.fromJSDate(dayStart(query.entry_to, 'entry_to')).setZone('America/Toronto');
    conditions.push(lt(trades.entryTime, end.plus({ days: 1 }).toJSDate()));
  }
  if (query.from || query.to) {
    const from = query.from ? new Date(query.from) : null;
    const to = query.to ? new Date(query.to) : null;
    if (from && to && to < from) throw AppError.invalid('to', 'The end must be after the start.');
    const closedAt = sql`coalesce(${trades.exitTime}, ${trades.entryTime})`;
    // trade_date is the Toronto date of that same moment: bounding it lets the date index work.
    if (from) conditions.push(sql`${closedAt} >= ${from.toISOString()}`, gte(trades.tradeDate, torontoDateOf(from)!));
    if (to) conditions.push(sql`${closedAt} <= ${to.toISOString()}`, lte(trades.tradeDate, torontoDateOf(to)!));
  }
  if (query.side) conditions.push(eq(trades.side, query.side as 'buy' | 'sell'));

  const [instruments, types, sides, accounts] = await Promise.all([
    distinctValues(db, userId, 'instrument'),
    distinctValues(db, userId, 'type'),
    distinctValues(db, userId, 'side'),
    accountOptions(db, userId),
  ]);

  let nothing = false;
  const account = accountCondition(query.account_id);
  if (account === 'none') nothing = true;
  else if (account) conditions.push(account);
  // Matching against the member's own symbols keeps the filter on the instrument index.
  if (query.instrument) {
    const needle = query.instrument.toLowerCase();
    const matching = instruments.filter((value) => value.toLowerCase().includes(needle));
    if (matching.length === 0) nothing = true;
    else conditions.push(inArray(trades.instrument, matching));
  }
  if (query.type) {
    const wanted = query.type.toLowerCase();
    const matching = types.filter((value) => value.toLowerCase() === wanted);
    if (matching.length === 0) nothing = true;
    else conditions.push(inArray(trades.type, matching));
  }

  const where = and(...conditions);
  const [rows, counted] = nothing
    ? [[], [{ total: 0 }]]
    : await Promise.all([
        db
          .select()
          .from(trades)
          .where(where)
          .orderBy(sql`${trades.entryTime} desc nulls last`, desc(trades.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ total: sql<number>`count(*)::int` }).from(trades).where(where),
      ]);
  const total = Number(counted[0]?.total ?? 0);
  return {
    data: rows.map(toTrade),
    meta: {
      page,
      per_page: perPage,
      total_pages: Math.max(1, Math.ceil(total / perPage)),
      total,
      count: rows.length,
      accounts,
      instruments,
      types,
      sides,
    },
  };
}

const MAX_SUMMARY_DAYS = 400;

/** GET /api/trades/day-summaries: net and trade count per Toronto trade date, over every trade. */
export async function daySummaries(
  ctx: AppContext,
  userId: string,
  query: { from: string; to: string; account_id?: string | undefined },
): Promise<{ data: DaySummary[] }> {
  const from = torontoDay(query.from);
  const to = torontoDay(query.to);
  if (!from) throw AppError.invalid('from', 'Enter a valid date.');
  if (!to) throw AppError.invalid('to', 'Enter a valid date.');
  if (to < from) throw AppError.invalid('to', 'The To date must be on or after the From date.');
  if (to.diff(from, 'days').days > MAX_SUMMARY_DAYS) {
    throw AppError.invalid('to', `Choose a range of at most ${MAX_SUMMARY_DAYS} days.`);
  }
  const conditions: SQL[] = [
    eq(trades.userId, userId),
    journalTrades,
    gte(trades.tradeDate, query.from),
    lte(trades.tradeDate, query.to),
  ];
  const account = accountCondition(query.account_id);
  if (account === 'none') return { data: [] };
  if (account) conditions.push(account);
  const rows = await ctx.db
    .select({
      date: trades.tradeDate,
      net: sql<string>`coalesce(sum(${trades.netPnl}), 0)`,
      trades: sql<number>`count(*)::int`,
    })
    .from(trades)
    .where(and(...conditions))
    .groupBy(trades.tradeDate)
    .orderBy(asc(trades.tradeDate));
  return { data: rows.map((row) => ({ date: row.date ?? '', net: Number(row.net), trades: Number(row.trades) })) };
}
