import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { isCalendarDate, torontoDateOf, torontoDay, TRADE_TIME_ZONE } from '@th/domain';
import { z } from 'zod';
import {
  OrderHistoryMeta,
  OrderHistoryResponse,
  TRADE_LOG_PAGE_SIZE,
  type DaySummary,
  type OrderHistoryQuery,
  type TradeAccountOption,
} from '@th/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { journalTradeEntries, journalTradeTags, tradingAccounts, trades } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { accountFilterOf, accountFilterSql, LABEL_ACCOUNT_PREFIX, looseIndexScan } from './account-filter.ts';
import { keptTrades, type KeptTrade } from './kept-trades.ts';
import { logRowOf, logRowOfTrade, logTrade, tradeLogColumns, type TradeLogRow } from './present.ts';
import { filterTradeIds, journaledAnswers, tradeAnswers, type RevisionedMember } from './revisions.ts';
import { encodedAnswer } from '../../lib/reused-answers.ts';
import { rowsOf } from '../../db/rows.ts';
import { prepared } from '../../db/prepared.ts';
import { arrayRowsQuery } from '../../db/array-rows.ts';

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
 * A trade log filtered by the journal is read from the journal's side: the tag's rows (under
 * the playbook too, when both are asked: each tag row carries its entry's playbook), else the
 * playbook's entries, in the log's order on their index. Each row carries its trade's entry time
 * and whether it is a bot run's (kept by triggers, migrations 0026 and 0029), so with no condition
 * on the trade itself no trade is read. One row per trade either way (one entry per trade, one
 * tag row per entry and tag). Null: no journal filter, the trades are read on their own.
 */
function journalSide(userId: string, query: { tag?: string | undefined; playbook?: string | undefined }) {
  if (query.tag) {
    const where: SQL[] = [eq(journalTradeTags.userId, userId)];
    if (query.playbook) where.push(eq(journalTradeTags.playbookId, playbookIdOf(query.playbook)));
    where.push(sql`${journalTradeTags.tag} = lower(${query.tag})`, sql`not ${journalTradeTags.botTrade}`);
    const order = [sql`${journalTradeTags.tradeEntryTime} desc nulls last`, sql`${journalTradeTags.tradeId} desc nulls last`];
    return { table: journalTradeTags, tradeId: journalTradeTags.tradeId, where, order };
  }
  if (query.playbook) {
    const where: SQL[] = [
      eq(journalTradeEntries.userId, userId),
      eq(journalTradeEntries.playbookId, playbookIdOf(query.playbook)),
      sql`not ${journalTradeEntries.botTrade}`,
    ];
    const order = [sql`${journalTradeEntries.tradeEntryTime} desc nulls last`, sql`${journalTradeEntries.tradeId} desc nulls last`];
    return { table: journalTradeEntries, tradeId: journalTradeEntries.tradeId, where, order };
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
 * changed, the page, its count and the filter choices are answered from memory, and requests
 * arriving together for one not yet there share its computation. A page not yet kept is joined
 * from the trades kept as the log sends them (kept-trades.ts): only the ones not kept are read.
 */
export async function orderHistory(
  ctx: AppContext,
  member: RevisionedMember & { journalRevision: number },
  query: OrderHistoryQuery,
): Promise<OrderHistoryResponse> {
  const answers = answersFor(ctx, member, query);
  const kept = keptTrades(ctx);
  // The trades' own revision: a trade's JSON does not depend on the journal.
  const tradesAt = { userId: member.userId, tradeRevision: member.tradeRevision };
  const key = `order history ${JSON.stringify(query)}`;
  const build = async () =>
    joinedAnswer(
      await pageOfTrades(ctx.db, member.userId, query, { answers: answers.through, tradeIds: filterTradeIds(ctx, member).through }, {
        rows: (rows) => kept.fromRows(tradesAt, rows),
        byIds: (ids) => kept.inOrder(tradesAt, ids, (missing) => tradesInOrder(ctx.db, member.userId, missing)),
      }),
    );
  const weigh = (answer: OrderHistoryResponse) => 1 + answer.data.length;
  if ((query.tag || query.playbook) && (query.page ?? 1) > KEPT_FILTER_PAGES) {
    return journaledAnswers(ctx, member).throughOnceAskedAgain(key, build, weigh);
  }
  return answers.through(key, build, weigh);
}

/**
 * Pages of a journal filter kept whole among the member's answers once asked: the first ones,
 * which the log and TradeDesk open again and again. A deeper page is kept only once asked again
 * soon after; until then it is joined again on each request from the filter's kept ids and kept
 * trades (no statement; about 0.2 ms). Members walk such pages once, at random, and kept they
 * pushed out the answers asked again (the filters' first pages, the reports, which share the
 * member's 64 journaled answers) and, dropped a few dozen requests later, left the garbage
 * collector their 30 kB each to move and free.
 */
const KEPT_FILTER_PAGES = 3;

const DATA_START = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');
const META_START = Buffer.from('],"meta":');
const END = Buffer.from('}');

/**
 * The answer of a page of kept trades, with its JSON's bytes copied together from theirs: what
 * the response serializer would write (`{"data":[…],"meta":{…}}`, each part encoded against its
 * part of the contract), so the serializer sends it as is instead of checking and encoding 50
 * trades again. One copy of the bytes, not a joined string encoded to UTF-8 (UTF-8 of a join is
 * the join of each part's).
 */
function joinedAnswer(page: { data: KeptTrade[]; meta: OrderHistoryMeta }): OrderHistoryResponse {
  const meta = z.safeEncode(OrderHistoryMeta, page.meta);
  if (!meta.success) throw new Error('The trade log page does not match the contract', { cause: meta.error });
  const parts: Buffer[] = [DATA_START];
  for (const trade of page.data) {
    if (parts.length > 1) parts.push(COMMA);
    parts.push(trade.json);
  }
  parts.push(META_START, Buffer.from(JSON.stringify(meta.data)), END);
  return encodedAnswer({ data: page.data.map((trade) => trade.trade), meta: meta.data }, OrderHistoryResponse, Buffer.concat(parts));
}

const tradeAnswersOf = (ctx: AppContext, member: RevisionedMember) => ({
  through: <T>(key: string, compute: () => Promise<T>, weigh?: (value: T) => number) =>
    tradeAnswers(ctx).through(member, key, compute, weigh),
});

/** The same page read straight from the database, for one-off reads such as the CSV export. */
export function uncachedOrderHistory(ctx: AppContext, userId: string, query: OrderHistoryQuery): Promise<OrderHistoryResponse> {
  const read: Remember = (_key, compute) => compute();
  return pageOfTrades(ctx.db, userId, query, { answers: read, tradeIds: read }, {
    rows: (rows) => rows.map(logTrade),
    byIds: async (ids) => (await tradesInOrder(ctx.db, userId, ids)).map(logTrade),
  });
}

type Remember = <T>(key: string, compute: () => Promise<T>, weigh?: (value: T) => number) => Promise<T>;
/** Where a page keeps what it computes: the filter choices and counts, and a journal filter's trade ids. */
type Memory = { answers: Remember; tradeIds: Remember };

/** How a page's rows become its items: the unfiltered log's rows as read, a filtered page's by id. */
type Present<T> = { rows: (rows: TradeLogRow[]) => T[]; byIds: (ids: number[]) => Promise<T[]> };

/** A filter's trade ids weigh their number (the store of trade ids is bounded in ids). */
const weighTradeIds = (ids: number[]) => 1 + ids.length;

/** A filtered page's trades, by key (the member's own: the journal's rows name only theirs). */
const tradesByIds = prepared((db: Executor) =>
  arrayRowsQuery(
    db,
    db
      .select(tradeLogColumns)
      .from(trades)
      .where(and(eq(trades.userId, sql.placeholder('userId')), sql`${trades.id} = any(${sql.placeholder('ids')}::bigint[])`)),
    logRowOf,
    'trade_log_page_by_ids',
  ),
);

/** The trades of these ids, in the ids' order (a page's). */
async function tradesInOrder(db: Executor, userId: string, ids: number[]): Promise<TradeLogRow[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await tradesByIds(db).execute({ userId, ids })).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function pageOfTrades<T>(
  db: Executor,
  userId: string,
  query: OrderHistoryQuery,
  remember: Memory,
  present: Present<T>,
): Promise<{ data: T[]; meta: OrderHistoryMeta }> {
  const perPage = Math.min(query.per_page ?? query.limit ?? TRADE_LOG_PAGE_SIZE, query.limit ?? Infinity);
  const page = query.page ?? 1;

  // Conditions on the trade itself; the journal's rows answer the member and bot runs themselves.
  const conditions: SQL[] = [];
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

  const [accounts, { instruments, types, sides }] = await remember.answers('filter choices', () => accountOptions(db, userId));

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

  // Paging through one filter counts its trades once.
  const { page: _page, per_page: _perPage, limit: _limit, ...filter } = query;
  const offset = (page - 1) * perPage;
  let items: T[] = [];
  let count = 0;
  if (nothing) {
    // Nothing matches: an empty page.
  } else if (!journal) {
    const where = and(eq(trades.userId, userId), journalTrades, ...conditions);
    let rows: TradeLogRow[];
    [rows, count] = await Promise.all([
      // Every column, as drizzle maps them: the offset walk passes the heap tuples to the sort as
      // they are, where a narrower select (or the log's columns selected from it as a subquery,
      // which PostgreSQL then narrows) projects each skipped row too (twice to three times the
      // database's CPU, measured). Its 50 rows are then the log's (logRowOfTrade).
      db
        .select()
        .from(trades)
        .where(where)
        .orderBy(sql`${trades.entryTime} desc nulls last`, desc(trades.id))
        .limit(perPage)
        .offset(offset)
        .then((page) => page.map(logRowOfTrade)),
      remember.answers(`count ${JSON.stringify(filter)}`, async () => {
        const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(trades).where(where);
        return Number(row?.total ?? 0);
      }),
    ]);
    items = present.rows(rows);
  } else {
    // A journal filter holds a few thousand of the member's trades at most, and members page
    // through it at random (a page deep in it sat behind an offset walk of thousands of rows):
    // its trade ids, in the log's order, are listed once per revisions of the trades and the
    // journal and kept apart from the pages (weighed by their number), and a page is its slice,
    // joined from the kept trades (read by key only when not kept).
    const ids = await remember.tradeIds(
      `trade ids ${JSON.stringify(filter)}`,
      async () => {
        const walk =
          conditions.length === 0
            ? // The journal's rows answer the whole filter: an index-only walk.
              db.select({ id: journal.tradeId }).from(journal.table).where(and(...journal.where))
            : // Conditions on the trade too: each row joined to its trade to test them. The member
              // is the rows' (a trigger refuses an entry on a trade of another member, migration
              // 0026): trades.user_id said again would make the planner expect a fraction of the rows.
              db
                .select({ id: journal.tradeId })
                .from(journal.table)
                .innerJoin(trades, eq(trades.id, journal.tradeId))
                .where(and(...journal.where, ...conditions));
        // The sort key and the trade's id are the log's own (kept by triggers): the log's order.
        return (await walk.orderBy(...journal.order)).map((row) => row.id!);
      },
      weighTradeIds,
    );
    count = ids.length;
    items = await present.byIds(ids.slice(offset, offset + perPage));
  }
  return {
    data: items,
    meta: {
      page,
      per_page: perPage,
      total_pages: Math.max(1, Math.ceil(count / perPage)),
      total: count,
      count: items.length,
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
