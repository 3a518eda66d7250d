/**
 * The AlphaORB runner: every pass it leases the bots no live process holds, drives each of
 * their unsettled runs (driveRun) and creates the next run when the last one is settled. The
 * lease (owner, expires_at) makes one process drive a bot at a time across instances; a
 * process that dies loses its bots once its lease expires, and the next owner resumes every
 * run from the database.
 */
import { hostname } from 'node:os';
import { and, eq, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import { isSettled, isTerminal, shouldCreateNextRun } from '@th/domain';
import type { AppContext } from '../../context.ts';
import { alphaorbBotRuns, alphaorbBots, alphaorbRunnerLeases, tradingAccounts } from '../../db/schema/index.ts';
import { botBrokerFor, type BotBroker } from './broker.ts';
import { driveRun, type RunnerHooks } from './drive.ts';
import { pauseBarredBots } from './owner-access.ts';
import type { BotRow } from './present.ts';
import { createUpcomingRun, runStateOf, runsOf } from './runs.ts';

export const LEASE_MS = 90_000;
export const POLL_MS = 5_000;
const TERMINAL = ['closed', 'stopped', 'skipped', 'cancelled', 'failed'];

export type RunnerOptions = {
  owner?: string;
  leaseMs?: number;
  hooks?: RunnerHooks;
  brokerFor?: (ctx: AppContext, account: typeof tradingAccounts.$inferSelect) => Promise<BotBroker | null>;
};

export type Runner = { owner: string; pass(): Promise<string[]>; start(): void; stop(): Promise<void> };

export function createRunner(ctx: AppContext, options: RunnerOptions = {}): Runner {
  const owner = options.owner ?? `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const brokerFor = options.brokerFor ?? botBrokerFor;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  /** Takes or renews the lease of every bot that is free or already ours. */
  async function claim(): Promise<string[]> {
    const now = ctx.now();
    const bots = await ctx.db.select({ id: alphaorbBots.id }).from(alphaorbBots);
    if (bots.length === 0) return [];
    const expiresAt = new Date(now.getTime() + leaseMs);
    const rows = await ctx.db
      .insert(alphaorbRunnerLeases)
      .values(bots.map((b) => ({ botId: b.id, owner, expiresAt })))
      .onConflictDoUpdate({
        target: alphaorbRunnerLeases.botId,
        set: { owner, expiresAt },
        setWhere: or(eq(alphaorbRunnerLeases.owner, owner), lt(alphaorbRunnerLeases.expiresAt, now)),
      })
      .returning({ botId: alphaorbRunnerLeases.botId });
    return rows.map((r) => r.botId);
  }

  async function driveBot(bot: BotRow) {
    const [account] = await ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, bot.tradingAccountId));
    if (!account) return;
    const open = await ctx.db
      .select()
      .from(alphaorbBotRuns)
      .where(and(eq(alphaorbBotRuns.botId, bot.id), notInArray(alphaorbBotRuns.state, TERMINAL)));
    const unsettled = (await runsOf(ctx.db, bot.id, 5)).filter((r) => isTerminal(runStateOf(r).state) && !isSettled(runStateOf(r)));
    const work = [...open, ...unsettled];
    const now = ctx.now().getTime();
    // An idle run far ahead needs no broker; anything near or past its arming does.
    const needsBroker = work.some((r) => r.armAt.getTime() <= now || r.state !== 'idle');
    const broker = needsBroker ? await brokerFor(ctx, account).catch(() => null) : null;
    for (const run of work) await driveRun(ctx, bot, run, broker, options.hooks);
    const [latest] = await runsOf(ctx.db, bot.id, 1);
    if (shouldCreateNextRun(!bot.enabled, latest ? runStateOf(latest) : null)) {
      await createUpcomingRun(ctx.db, bot, ctx.now().getTime());
    }
  }

  async function botExists(id: string) {
    return (await ctx.db.select({ id: alphaorbBots.id }).from(alphaorbBots).where(eq(alphaorbBots.id, id))).length > 0;
  }

  async function pass(): Promise<string[]> {
    await pauseBarredBots(ctx);
    const ids = await claim();
    if (ids.length === 0) return ids;
    const bots = await ctx.db.select().from(alphaorbBots).where(inArray(alphaorbBots.id, ids));
    for (const bot of bots) {
      try {
        await driveBot(bot);
      } catch (error) {
        // The owner deleted the bot mid-pass (its runs went with it): nothing is left to drive.
        if (!(await botExists(bot.id))) continue;
        // One bot's broker trouble must not stall the others; the next pass retries.
        ctx.log.error({ err: error, bot: bot.id }, 'alphaorb bot pass failed');
      }
    }
    return ids;
  }

  return {
    owner,
    pass,
    start() {
      if (timer) return;
      const tick = () => {
        running ??= pass()
          .catch((error: unknown) => ctx.log.error({ err: error }, 'alphaorb runner pass failed'))
          .finally(() => (running = null));
      };
      tick();
      timer = setInterval(tick, POLL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      // Hand the bots over at once instead of making the next process wait for the lease.
      await ctx.db
        .update(alphaorbRunnerLeases)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(alphaorbRunnerLeases.owner, owner));
    },
  };
}
