import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import { isCalendarDate, torontoDateOf, torontoDay, TRADE_TIME_ZONE } from '@th/domain';
import {
  TRADE_LOG_PAGE_SIZE,
  type DaySummary,
  type OrderHistoryQuery,
  type OrderHistoryResponse,
  type TradeAccountOption,
} from '@th/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { journalTradeEntries, journalTradeTags, tradingAccounts, trades } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { accountFilterOf, accountFilterSql, LABEL_ACCOUNT_PREFIX, looseIndexScan } from './account-filter.ts';
import { toTrade } from './present.ts';
import { journaledAnswers, tradeAnswers, type RevisionedMember } from './revisions.ts';
import { rowsOf } from '../../db/rows.ts';

/** The journal shows manual and linked trades; written literally so partial indexes apply. */
const journalTrades = sql`${trades.source} <> 'bot'`;

type Facets = { instruments: string[]; types: string[]; sides: string[]; labels: Array<string | null> };

/** The trade log's filter choices, in one round trip (members have years of trades). */
async function facetsOf(db: Executor, userId: string): Promise<Facets> {
  const unlinked = sql`and trading_account_id is null`;
  const result = await db.execute(sql`with recursive
    ${looseIndexScan('instrument_facet', 'instrument', userId)},
    ${looseIndexScan('type_facet', 'type', userId)},
    ${looseIndexScan('side_facet', 'side', userId)},
    ${looseIndexScan('label_facet', 'account_label', userId, unlinked)}
  select 'instrument' as facet, value from instrument_facet where value is not null
  union all select 'type', value from type_facet where value is not null
  union all select 'side', value from side_facet where value is not null
  union all select 'label', value from label_facet where value is not null
  union all select 'label', null where exists (
    select 1 from trades where user_id = ${userId}::uuid and source <> 'bot' and trading_account_id is null and account_label is null)`);
  const facets: Facets = { instruments: [], types: [], sides: [], labels: [] };
  for (const row of rowsOf<{ facet: string; value: string | null }>(result)) {
    if (row.facet === 'label') facets.labels.push(row.value);
    else if (row.value !== null) facets[`${row.facet}s` as 'instruments' | 'types' | 'sides'].push(row.value);
  }
  return facets;
}

/** The account filter's choices: the member's linked accounts, then the labels of the rest. */
async function accountOptions(db: Executor, userId: string): Promise<[TradeAccountOption[], Facets]> {
  const [linked, facets] = await Promise.all([
    db
      .select({ id: tradingAccounts.id, name: tradingAccounts.name, label: tradingAccounts.label })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.userId, userId))
      .orderBy(asc(tradingAccounts.createdAt)),
    facetsOf(db, userId),
  ]);
  const accounts = [
    ...linked.map((row) => ({ id: row.id, label: row.label || row.name })),
    ...facets.labels.map((label) => ({ id: `${LABEL_ACCOUNT_PREFIX}${label ?? ''}`, label: label ?? 'Unlabelled' })),
  ];
  return [accounts, facets];
}

/** The account filter on the trades table: null for every account, 'none' when it matches nothing. */
function accountCondition(accountId: string | undefined): SQL | null | 'none' {
  const filter = accountFilterOf(accountId);
  if (filter.kind === 'all' || filter.kind === 'none') return filter.kind === 'all' ? null : 'none';
  return accountFilterSql(filter, { account: trades.tradingAccountId, label: trades.accountLabel });
}

function playbookIdOf(playbook: string): number {
  if (!/^\d{1,18}$/.test(playbook)) throw AppError.invalid('playbook', 'Choose a playbook from the list.');
  return Number(playbook);
}

/**
 * What the journal says of the trades asked for, as conditions on the trades: entries carrying
 * the tag (any case; journal_trade_tags holds them lower-cased) and entries under the playbook.
 * Answers filtered so are kept under the journal revision too (journaledAnswers).
 */
function journalConditions(userId: string, query: { tag?: string | undefined; playbook?: string | undefined }): SQL[] {
  const conditions: SQL[] = [];
  if (query.tag) {
    conditions.push(sql`${trades.id} in (
      select ${journalTradeTags.tradeId} from ${journalTradeTags}
      where ${journalTradeTags.userId} = ${userId} and ${journalTradeTags.tag} = lower(${query.tag}))`);
  }
  if (query.playbook) {
    conditions.push(sql`${trades.id} in (
      select ${journalTradeEntries.tradeId} from ${journalTradeEntries}
      where ${journalTradeEntries.userId} = ${userId} and ${journalTradeEntries.playbookId} = ${playbookIdOf(query.playbook)})`);
  }
  return conditions;
}

/**
 * A trade log page filtered by the journal is read from the journal's side: the member's entries
 * under the playbook (then those carrying the tag too), else the tag's rows, walked on their index
 * in the page's order (each carries its trade's entry time, kept by triggers) and joined to their
 * trades, so a deep page stops after its rows instead of filtering all the member's trades.
 * One row per trade either way (one entry per trade, one tag row per entry and tag). Null: no
 * journal filter, the trades are read on their own.
 */
function journalSide(userId: string, query: { tag?: string | undefined; playbook?: string | undefined }) {
  if (query.playbook) {
    const where: SQL[] = [eq(journalTradeEntries.userId, userId), eq(journalTradeEntries.playbookId, playbookIdOf(query.playbook))];
    if (query.tag) {
      where.push(sql`exists (select 1 from ${journalTradeTags}
        where ${journalTradeTags.entryId} = ${journalTradeEntries.id} and ${journalTradeTags.tag} = lower(${query.tag}))`);
    }
    const order = [sql`${journalTradeEntries.tradeEntryTime} desc nulls last`, desc(journalTradeEntries.tradeId)];
    return { table: journalTradeEntries, tradeId: journalTradeEntries.tradeId, where, order };
  }
  if (query.tag) {
    const where: SQL[] = [eq(journalTradeTags.userId, userId), sql`${journalTradeTags.tag} = lower(${query.tag})`];
    const order = [sql`${journalTradeTags.tradeEntryTime} desc nulls last`, desc(journalTradeTags.tradeId)];
    return { table: journalTradeTags, tradeId: journalTradeTags.tradeId, where, order };
  }
  return null;
}

/** The cache for an answer: one filtered by the journal changes when the journal does. */
function answersFor(ctx: AppContext, member: RevisionedMember & { journalRevision: number }, query: { tag?: string | undefined; playbook?: string | undefined }) {
  return query.tag || query.playbook ? journaledAnswers(ctx, member) : tradeAnswersOf(ctx, member);
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
 * Members reopen the same pages all day (TradeDesk, the trade log): while their trades have not
 * changed, the page, its count and the filter choices are answered from memory.
 */
export async function orderHistory(
  ctx: AppContext,
  member: RevisionedMember & { journalRevision: number },
  query: OrderHistoryQuery,
): Promise<OrderHistoryResponse> {
  const answers = answersFor(ctx, member, query);
  const remember: Remember = (key, compute) => answers.through(key, compute);
  return answers.through(
    `order history ${JSON.stringify(query)}`,
    () => pageOfTrades(ctx.db, member.userId, query, remember),
    (answer) => 1 + answer.data.length,
  );
}

const tradeAnswersOf = (ctx: AppContext, member: RevisionedMember) => ({
  through: <T>(key: string, compute: () => Promise<T>, weigh?: (value: T) => number) =>
    tradeAnswers(ctx).through(member, key, compute, weigh),
});

/** The same page read straight from the database, for one-off reads such as the CSV export. */
export function uncachedOrderHistory(ctx: AppContext, userId: string, query: OrderHistoryQuery) {
  return pageOfTrades(ctx.db, userId, query, (_key, compute) => compute());
}

type Remember = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

async function pageOfTrades(
  db: Executor,
  userId: string,
  query: OrderHistoryQuery,
  remember: Remember,
): Promise<OrderHistoryResponse> {
  const perPage = Math.min(query.per_page ?? query.limit ?? TRADE_LOG_PAGE_SIZE, query.limit ?? Infinity);
  const page = query.page ?? 1;

  const conditions: SQL[] = [journalTrades];
  if (query.entry_from) conditions.push(gte(trades.entryTime, dayStart(query.entry_from, 'entry_from')));
  if (query.entry_to) {
    if (query.entry_from && query.entry_to < query.entry_from) {
      throw AppError.invalid('entry_to', 'The To date must be on or after the From date.');
    }
    const end = DateTime.fromJSDate(dayStart(query.entry_to, 'entry_to')).setZone(TRADE_TIME_ZONE);
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
  const journal = journalSide(userId, query);
  // Read from the journal's side, the member is the entries' (a trigger refuses an entry on a
  // trade of another member, migration 0026): trades.user_id said again would make the planner
  // expect a fraction of the entries and sort all trades for a deep page instead of the walk.
  conditions.push(...(journal ? journal.where : [eq(trades.userId, userId)]));

  const [accounts, { instruments, types, sides }] = await remember('filter choices', () => accountOptions(db, userId));

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
  const selectFrom = <F extends SelectedFields>(fields: F) =>
    journal
      ? db.select(fields).from(journal.table).innerJoin(trades, eq(trades.id, journal.tradeId))
      : db.select(fields).from(trades);
  const order = journal?.order ?? [sql`${trades.entryTime} desc nulls last`, desc(trades.id)];
  // Paging through one filter counts its trades once.
  const { page: _page, per_page: _perPage, limit: _limit, ...filter } = query;
  const [rows, total] = nothing
    ? [[], 0]
    : await Promise.all([
        selectFrom(getTableColumns(trades))
          .where(where)
          .orderBy(...order)
          .limit(perPage)
          .offset((page - 1) * perPage),
        remember(`count ${JSON.stringify(filter)}`, async () => {
          const [counted] = await selectFrom({ total: sql<number>`count(*)::int` }).where(where);
          return Number(counted?.total ?? 0);
        }),
      ]);
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
  member: RevisionedMember & { journalRevision: number },
  query: { from: string; to: string; account_id?: string | undefined; tag?: string | undefined; playbook?: string | undefined },
): Promise<{ data: DaySummary[] }> {
  if (!isCalendarDate(query.from)) throw AppError.invalid('from', 'Enter a valid date.');
  if (!isCalendarDate(query.to)) throw AppError.invalid('to', 'Enter a valid date.');
  if (query.to < query.from) throw AppError.invalid('to', 'The To date must be on or after the From date.');
  if ((Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 > MAX_SUMMARY_DAYS) {
    throw AppError.invalid('to', `Choose a range of at most ${MAX_SUMMARY_DAYS} days.`);
  }
  const conditions: SQL[] = [
    eq(trades.userId, member.userId),
    journalTrades,
    gte(trades.tradeDate, query.from),
    lte(trades.tradeDate, query.to),
  ];
  const account = accountCondition(query.account_id);
  if (account === 'none') return { data: [] };
  if (account) conditions.push(account);
  conditions.push(...journalConditions(member.userId, query));
  return answersFor(ctx, member, query).through(`day summaries ${JSON.stringify(query)}`, async () => {
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
  });
}
