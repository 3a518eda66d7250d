/** Bots of a member: list, detail, create, update, delete (§7.1). Every query is owner-scoped. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BotValues, OverviewRange } from '@th/contracts';
import { WEEKDAY_LABELS, isActive, isSettled, isTerminal, type RunStateName } from '@th/domain';
import type { AppContext } from '../../context.ts';
import { alphaorbBotRuns, alphaorbBots, tradingAccounts } from '../../db/schema/index.ts';
import { prepared } from '../../db/prepared.ts';
import { AppError } from '../../errors.ts';
import { memberAnswer } from '../../lib/revisioned-answers.ts';
import { brokerInstruments, ownedAccount, toBotAccount, toInstrument, type AccountRow } from './accounts.ts';
import { botBrokerFor } from './broker.ts';
import { botTrades, rangeStart, summarize, tradeRow } from './performance.ts';
import { accountLabel, botDetail, botListItem, type BotRow, type RunRow } from './present.ts';
import { createUpcomingRun, runStateOf, runsOf } from './runs.ts';
import { isUuid } from '../../lib/ids.ts';

export const BOT_NOT_FOUND = 'Bot not found.';
export const DELETE_REFUSED =
  'This bot cannot be deleted yet: every run must be hard stopped with no open trades.';

/** A bot id from the URL, or null when it cannot be one (so no query is sent for it). */
const botIdOf = (id: string) => (isUuid(id) ? id : null);

export async function ownedBot(ctx: AppContext, userId: string, id: string): Promise<BotRow> {
  const uuid = botIdOf(id);
  const [row] = uuid
    ? await ctx.db.select().from(alphaorbBots).where(and(eq(alphaorbBots.id, uuid), eq(alphaorbBots.userId, userId)))
    : [];
  // Another member's bot answers exactly like a missing one.
  if (!row) throw new AppError('not_found', BOT_NOT_FOUND);
  return row;
}

export async function accountOf(ctx: AppContext, bot: BotRow): Promise<AccountRow> {
  const [account] = await ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, bot.tradingAccountId));
  return account!;
}

const botWithAccount = prepared((db) =>
  db
    .select({ bot: alphaorbBots, account: tradingAccounts })
    .from(alphaorbBots)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, alphaorbBots.tradingAccountId))
    .where(and(eq(alphaorbBots.id, sql.placeholder('id')), eq(alphaorbBots.userId, sql.placeholder('userId'))))
    .prepare('owned_bot_with_account'),
);

/** The member's bot with its linked account, in one statement (the monitor polls it). */
export async function ownedBotWithAccount(ctx: AppContext, userId: string, id: string) {
  const uuid = botIdOf(id);
  const [row] = uuid ? await botWithAccount(ctx.db).execute({ id: uuid, userId }) : [];
  if (!row) throw new AppError('not_found', BOT_NOT_FOUND);
  return row;
}

export async function listBots(ctx: AppContext, userId: string) {
  const bots = await ctx.db.select().from(alphaorbBots).where(eq(alphaorbBots.userId, userId)).orderBy(desc(alphaorbBots.createdAt));
  const runs = bots.length
    ? await ctx.db
        .select()
        .from(alphaorbBotRuns)
        .where(inArray(alphaorbBotRuns.botId, bots.map((b) => b.id)))
        .orderBy(desc(alphaorbBotRuns.scheduledAt))
    : [];
  return bots.map((bot) => ({ bot, runs: runs.filter((r) => r.botId === bot.id) }));
}

/** The revisions the overview is built from: the member's trades (their bots' trades) and bots with runs. */
export type BotReader = { userId: string; tradeRevision: number; botRevision: number };

/**
 * The AlphaORB page and the dashboard's bots card, read on every visit: kept while the member's
 * trades, bots and runs are unchanged and the period (its first trade date, Toronto) is the
 * same, so "today" and "this week" compute again on the first call of a new one, written to or not.
 */
export function overview(ctx: AppContext, member: BotReader, range: OverviewRange) {
  const now = ctx.now();
  return memberAnswer(
    ctx,
    member.userId,
    `alphaorb overview ${range}`,
    `${member.tradeRevision}/${member.botRevision}/${rangeStart(range, now)}`,
    () => computedOverview(ctx, member.userId, range, now),
  );
}

async function computedOverview(ctx: AppContext, userId: string, range: OverviewRange, now: Date) {
  const bots = await listBots(ctx, userId);
  const trades = await botTrades(ctx, userId, bots.map((b) => b.bot.id));
  return {
    summary: summarize(trades, range, now),
    bots: bots.map(({ bot, runs }) => botListItem(bot, runs)),
    trades: trades.slice(0, 25).map(tradeRow),
  };
}

export async function botOverview(ctx: AppContext, userId: string, id: string, range: OverviewRange) {
  const bot = await ownedBot(ctx, userId, id);
  const trades = await botTrades(ctx, userId, [bot.id]);
  const account = await accountOf(ctx, bot);
  return { summary: summarize(trades, range, ctx.now(), account.currency), trades: trades.slice(0, 50).map(tradeRow) };
}

export async function getBot(ctx: AppContext, userId: string, id: string) {
  const bot = await ownedBot(ctx, userId, id);
  const [runs, account, trades, accounts] = await Promise.all([
    runsOf(ctx.db, bot.id),
    accountOf(ctx, bot),
    botTrades(ctx, userId, [bot.id]),
    ctx.db.select().from(tradingAccounts).where(and(eq(tradingAccounts.userId, userId), eq(tradingAccounts.status, 'active'))),
  ]);
  const instruments = await brokerInstruments(ctx, account).catch(() => []);
  const list = instruments.map(toInstrument);
  // The saved instrument stays selectable even when the broker is unreachable right now.
  if (!list.some((i) => i.id === bot.instrumentId)) {
    list.unshift({ id: bot.instrumentId, symbol: bot.instrumentSymbol, name: bot.instrumentSymbol });
  }
  return {
    bot: botDetail(bot, runs, accountLabel(account)),
    metrics: summarize(trades, 'all', ctx.now(), account.currency),
    trades: trades.slice(0, 50).map(tradeRow),
    accounts: (accounts.some((a) => a.id === account.id) ? accounts : [account, ...accounts]).map(toBotAccount),
    instruments: list,
    weekday_options: { ...WEEKDAY_LABELS },
    message: null,
  };
}

/** Checks the account and instrument against the broker and resolves the instrument's routes. */
async function resolveTarget(ctx: AppContext, userId: string, values: BotValues) {
  const account = await ownedAccount(ctx, userId, values.trading_account_id);
  if (!account || account.status !== 'active') {
    throw AppError.invalid('trading_account_id', 'Select a trading account for this bot.');
  }
  const instruments = await brokerInstruments(ctx, account);
  const instrument = instruments.find((i) => i.tradableInstrumentId === values.instrument_id);
  if (!instrument) throw AppError.invalid('instrument_id', 'Select an instrument for this bot.');
  const route = { tradableInstrumentId: instrument.tradableInstrumentId, routeId: instrument.tradeRouteId ?? '' };
  const broker = await botBrokerFor(ctx, account);
  const contractSize = await broker?.contractSize(route).catch(() => null);
  return {
    account,
    columns: {
      tradingAccountId: account.id,
      instrumentId: instrument.tradableInstrumentId,
      instrumentSymbol: toInstrument(instrument).symbol,
      tradeRouteId: instrument.tradeRouteId,
      infoRouteId: instrument.infoRouteId ?? instrument.tradeRouteId,
      valuePerPoint: contractSize && contractSize > 0 ? contractSize : 1,
    },
  };
}

function settingsColumns(values: BotValues) {
  return {
    label: values.label.slice(0, 191) || 'Unnamed bot',
    orbMinutes: values.orb_minutes,
    orbStartLocal: values.orb_start_local,
    runDays: values.run_days && values.run_days.length > 0 ? values.run_days : ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
    lotSize: String(values.lot_size),
    orderType: values.order_type,
    maxSpread: values.max_spread === null ? null : String(values.max_spread),
    riskMaxDailyTrades: values.risk_max_daily_trades,
    riskMaxDailyLoss: values.risk_max_daily_loss === null ? null : String(values.risk_max_daily_loss),
    testMode: values.test_mode,
  };
}

export async function createBot(ctx: AppContext, userId: string, values: BotValues) {
  const { account, columns } = await resolveTarget(ctx, userId, values);
  const { valuePerPoint, ...target } = columns;
  const [bot] = await ctx.db
    .insert(alphaorbBots)
    .values({ userId, ...target, ...settingsColumns(values), engine: { value_per_point: valuePerPoint } })
    .returning();
  await createUpcomingRun(ctx.db, bot!, ctx.now().getTime());
  const runs = await runsOf(ctx.db, bot!.id);
  return { message: 'Bot created.', bot: botDetail(bot!, runs, accountLabel(account)) };
}

export async function updateBot(ctx: AppContext, userId: string, id: string, values: BotValues) {
  const current = await ownedBot(ctx, userId, id);
  const { account, columns } = await resolveTarget(ctx, userId, values);
  const { valuePerPoint, ...target } = columns;
  const [bot] = await ctx.db
    .update(alphaorbBots)
    .set({
      ...target,
      ...settingsColumns(values),
      engine: { ...current.engine, value_per_point: valuePerPoint },
      updatedAt: ctx.now(),
    })
    .where(and(eq(alphaorbBots.id, current.id), eq(alphaorbBots.userId, userId)))
    .returning();
  const runs = await runsOf(ctx.db, bot!.id);
  return { message: 'Settings saved.', bot: botDetail(bot!, runs, accountLabel(account)) };
}

/** Refused while any run is active or still has something open at the broker. */
export async function deleteBot(ctx: AppContext, userId: string, id: string) {
  const bot = await ownedBot(ctx, userId, id);
  const runs: RunRow[] = await ctx.db.select().from(alphaorbBotRuns).where(eq(alphaorbBotRuns.botId, bot.id));
  const busy = runs.some((r) => {
    const s = runStateOf(r);
    return isActive(s.state as RunStateName) || (isTerminal(s.state) && !isSettled(s));
  });
  if (busy) throw new AppError('conflict', DELETE_REFUSED);
  await ctx.db.delete(alphaorbBots).where(and(eq(alphaorbBots.id, bot.id), eq(alphaorbBots.userId, userId)));
  return { message: 'Bot deleted.' };
}
