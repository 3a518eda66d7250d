/**
 * The monitor endpoint and the three controls (§2.2, §4.2): pause affects only upcoming runs,
 * resume while idle clears the idle run (a fresh one is created with the current settings),
 * hard stop closes the active trade and halts monitoring. Each answers a fresh monitor.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { isActive, isTerminal, type OrbEvent, type RunStateName } from '@th/domain';
import type { MonitorResponse, OwnerBotsResponse } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { alphaorbBotRuns, alphaorbBots } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { memberAnswer } from '../../lib/revisioned-answers.ts';
import { accountOf, ownedBot, ownedBotWithAccount } from './bots.ts';
import { botBrokerFor, type BotBroker } from './broker.ts';
import { driverFor } from './drive.ts';
import { monitorFor, monitorRows } from './monitor.ts';
import { pausedNotice, sendNotices } from './notices.ts';
import { accountLabel, type BotRow, type RunRow } from './present.ts';
import { createUpcomingRun, runStateOf } from './runs.ts';

const CHART_CACHE_MS = 30_000;

/** Price bars of the shown run, from ten minutes before its range to now (cached briefly). */
async function chartBars(ctx: AppContext, bot: BotRow, run: RunRow, broker: () => Promise<BotBroker | null>) {
  const runId = run.id;
  const w = runStateOf(run).window;
  const now = ctx.now().getTime();
  if (now < w.orbStart) return [];
  const cache = ctx.memory.runCharts;
  const hit = cache.get(runId);
  if (hit && now - hit.at < CHART_CACHE_MS) return hit.bars;
  const b = await broker();
  const route = { tradableInstrumentId: bot.instrumentId, routeId: bot.infoRouteId ?? bot.tradeRouteId ?? '' };
  const bars = b
    ? await b
        .bars(route, w.orbStart - 10 * 60_000, Math.min(now, w.flattenAt))
        .then((list) => list.map(({ t, o, h, l, c }) => ({ t, o, h, l, c })))
        .catch(() => [])
    : [];
  cache.set(runId, { at: now, bars });
  return bars;
}

/**
 * A bot's monitor. Its stored rows are kept while the member's bot revision (read with the
 * token; the bot, its runs, their events and orders move it) has not moved, and the bot with its
 * account while neither that nor the trade revision (any write to their linked accounts) has. A
 * control answers after its own write, which those revisions predate, so it passes none and
 * reads afresh.
 */
export async function botMonitor(
  ctx: AppContext,
  reader: { userId: string; botRevision?: number; tradeRevision?: number },
  id: string,
  message: string | null = null,
): Promise<MonitorResponse> {
  const { botRevision, tradeRevision } = reader;
  const fresh = botRevision === undefined || tradeRevision === undefined;
  const { bot, account } = fresh
    ? await ownedBotWithAccount(ctx, reader.userId, id)
    : await memberAnswer(ctx, reader.userId, `monitor bot ${id}`, `${botRevision}/${tradeRevision}`, () => ownedBotWithAccount(ctx, reader.userId, id));
  const rows = fresh
    ? await monitorRows(ctx.db, bot.id)
    : await memberAnswer(ctx, reader.userId, `monitor ${bot.id}`, String(botRevision), () => monitorRows(ctx.db, bot.id));
  return monitorFor(ctx, bot, accountLabel(account), message, rows, (run) =>
    chartBars(ctx, bot, run, () => botBrokerFor(ctx, account).catch(() => null)),
  );
}

/** Feeds a control event to a run, re-reading it if the runner wrote it meanwhile. */
async function command(ctx: AppContext, bot: BotRow, run: RunRow, event: OrbEvent, broker: BotBroker | null) {
  let row = run;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const d = driverFor(ctx, bot, row, broker);
    if (await d.apply(event, ctx.now().getTime())) return d.row;
    const [fresh] = await ctx.db.select().from(alphaorbBotRuns).where(eq(alphaorbBotRuns.id, row.id));
    if (!fresh) return null;
    row = fresh;
  }
  throw new AppError('conflict', 'Unable to process request.');
}

async function unfinishedRuns(ctx: AppContext, bot: BotRow) {
  const runs = await ctx.db.select().from(alphaorbBotRuns).where(eq(alphaorbBotRuns.botId, bot.id));
  return runs.filter((r) => !isTerminal(runStateOf(r).state));
}

/** Pause reaches the bot's upcoming runs; an active run goes on to its close. */
export async function pauseUnfinishedRuns(ctx: AppContext, bot: BotRow) {
  for (const run of await unfinishedRuns(ctx, bot)) await command(ctx, bot, run, { type: 'pause', at: ctx.now().getTime() }, null);
}

/** The member's bots and whether each can still be paused or hard-stopped (the account area). */
export async function ownerBots(ctx: AppContext, userId: string): Promise<OwnerBotsResponse> {
  const bots = await ctx.db.select().from(alphaorbBots).where(eq(alphaorbBots.userId, userId)).orderBy(alphaorbBots.label);
  if (bots.length === 0) return { bots: [] };
  const runs = await ctx.db.select().from(alphaorbBotRuns).where(inArray(alphaorbBotRuns.botId, bots.map((bot) => bot.id)));
  const active = new Set(runs.filter((run) => isActive(runStateOf(run).state as RunStateName)).map((run) => run.botId));
  return {
    bots: bots.map((bot) => ({
      id: bot.id,
      label: bot.label,
      instrument: bot.instrumentSymbol,
      enabled: bot.enabled,
      can_pause: bot.enabled,
      can_hard_stop: active.has(bot.id),
    })),
  };
}

export async function pauseBot(ctx: AppContext, userId: string, id: string) {
  const bot = await ownedBot(ctx, userId, id);
  await ctx.db.update(alphaorbBots).set({ enabled: false, updatedAt: ctx.now() }).where(eq(alphaorbBots.id, bot.id));
  await pauseUnfinishedRuns(ctx, bot);
  if (bot.enabled) await sendNotices(ctx, [pausedNotice(bot, ctx.now())]);
  return botMonitor(ctx, { userId }, id, 'Bot paused. Upcoming runs will not start until you resume it.');
}

export async function resumeBot(ctx: AppContext, userId: string, id: string) {
  const bot = await ownedBot(ctx, userId, id);
  const [resumed] = await ctx.db
    .update(alphaorbBots)
    .set({ enabled: true, updatedAt: ctx.now() })
    .where(eq(alphaorbBots.id, bot.id))
    .returning();
  const cleared: string[] = [];
  for (const run of await unfinishedRuns(ctx, bot)) {
    const after = await command(ctx, bot, run, { type: 'resume', at: ctx.now().getTime() }, null);
    if (after && runStateOf(after).state === 'cancelled') cleared.push(after.id);
  }
  // The cleared idle run is removed so its day can be planned again with the current settings.
  if (cleared.length) await ctx.db.delete(alphaorbBotRuns).where(and(eq(alphaorbBotRuns.botId, bot.id), inArray(alphaorbBotRuns.id, cleared)));
  await createUpcomingRun(ctx.db, resumed!, ctx.now().getTime());
  return botMonitor(ctx, { userId }, id, 'Bot resumed.');
}

export async function hardStopBot(ctx: AppContext, userId: string, id: string, runId?: string) {
  const bot = await ownedBot(ctx, userId, id);
  const runs = await unfinishedRuns(ctx, bot);
  const target = runId
    ? runs.find((r) => r.id === runId)
    : runs.find((r) => isActive(runStateOf(r).state as RunStateName));
  if (!target || !isActive(runStateOf(target).state as RunStateName)) {
    throw new AppError('conflict', 'There is no active run to hard stop.');
  }
  const account = await accountOf(ctx, bot);
  const broker = target.testMode ? null : await botBrokerFor(ctx, account).catch(() => null);
  await command(ctx, bot, target, { type: 'hard_stop', at: ctx.now().getTime() }, broker);
  return botMonitor(ctx, { userId }, id, 'Hard stop requested: the active trade is being closed and monitoring is halted.');
}

/**
 * The Risk Manager's lock of a linked account: every bot trading it is paused, as the member's
 * own Pause does (upcoming runs do not start; the account's positions are closed by the lock).
 * Idempotent: a bot already paused is left alone. Answers the labels of the bots it paused.
 */
export async function pauseAccountBots(ctx: AppContext, tradingAccountId: string): Promise<string[]> {
  const bots = await ctx.db
    .select()
    .from(alphaorbBots)
    .where(and(eq(alphaorbBots.tradingAccountId, tradingAccountId), eq(alphaorbBots.enabled, true)));
  for (const bot of bots) {
    await ctx.db.update(alphaorbBots).set({ enabled: false, updatedAt: ctx.now() }).where(eq(alphaorbBots.id, bot.id));
    await pauseUnfinishedRuns(ctx, bot);
  }
  return bots.map((bot) => bot.label);
}
