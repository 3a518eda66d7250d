/**
 * Persisting bot runs: a new upcoming run, and one engine transition with everything it implies
 * in the database (run state, steps, metrics, event log, order rows, journal trades) written in
 * one transaction, guarded by the run's version so two writers never overwrite each other.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  createRun,
  nextRunDay,
  runMetrics,
  runSteps,
  type OrbAction,
  type OrbRunState,
  type OrbSettings,
  type PaperBrokerState,
} from '@th/domain';
import type { Database, Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { alphaorbBotOrders, alphaorbBotRunEvents, alphaorbBotRuns, alphaorbBots } from '../../db/schema/index.ts';
import { recordBotTrade } from '../trades/index.ts';
import { settingsOf, type BotRow, type RunRow } from './present.ts';

export const runStateOf = (run: RunRow) => run.engine as unknown as OrbRunState;
export const runSettingsOf = (run: RunRow) => run.settings as unknown as OrbSettings;
export const paperOf = (run: RunRow) => run.paper as unknown as PaperBrokerState | null;

// Read on every monitor poll and runner pass: prepared once (see db/prepared.ts).
const latestRuns = prepared((db) =>
  db
    .select()
    .from(alphaorbBotRuns)
    .where(eq(alphaorbBotRuns.botId, sql.placeholder('botId')))
    .orderBy(desc(alphaorbBotRuns.scheduledAt))
    .limit(sql.placeholder('limit'))
    .prepare('latest_runs'),
);

/** A bot's latest runs, newest scheduled first. */
export async function runsOf(db: Database, botId: string, limit = 20): Promise<RunRow[]> {
  return latestRuns(db).execute({ botId, limit });
}

/** Realized P&L and filled entries of a bot's earlier runs on a day (daily limits span runs). */
async function dayTotals(db: Executor, botId: string, tradingDay: string) {
  const rows = await db
    .select({ engine: alphaorbBotRuns.engine })
    .from(alphaorbBotRuns)
    .where(and(eq(alphaorbBotRuns.botId, botId), eq(alphaorbBotRuns.tradingDay, tradingDay)));
  let dayTrades = 0;
  let dayPnl = 0;
  for (const row of rows) {
    const s = row.engine as unknown as OrbRunState;
    dayTrades = Math.max(dayTrades, s.dayTrades);
    dayPnl = Math.min(dayPnl, s.dayPnl);
  }
  return { dayTrades, dayPnl };
}

/**
 * Creates the bot's next run (frozen with the current settings) unless that day already has
 * one. Returns the run, or null when no run day is ahead.
 */
export async function createUpcomingRun(db: Executor, bot: BotRow, now: number): Promise<RunRow | null> {
  const settings = settingsOf(bot);
  const window = nextRunDay(settings, now);
  if (!window) return null;
  const id = crypto.randomUUID();
  const totals = await dayTotals(db, bot.id, window.tradingDay);
  const state = createRun({ runId: id, window, paused: !bot.enabled, ...totals });
  const [row] = await db
    .insert(alphaorbBotRuns)
    .values({
      id,
      botId: bot.id,
      userId: bot.userId,
      tradingDay: window.tradingDay,
      state: state.state,
      testMode: settings.test_mode,
      engine: state as unknown as Record<string, unknown>,
      settings: settings as unknown as Record<string, unknown>,
      steps: runSteps(state),
      metrics: runMetrics(state) as unknown as Record<string, unknown>,
      paper: null,
      scheduledAt: new Date(window.orbStart),
      armAt: new Date(window.armAt),
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export type StepWrite = {
  next: OrbRunState;
  actions: readonly OrbAction[];
  paper?: PaperBrokerState | null;
  cursor?: Date | null;
  at: number;
};

/**
 * Writes one transition. Returns the updated row, or null when someone else wrote the run
 * since it was read (the caller re-reads and tries again on its next pass).
 */
export async function persistStep(db: Executor, run: RunRow, bot: BotRow, write: StepWrite): Promise<RunRow | null> {
  return db.transaction(async (tx) => {
    const finished = write.next.completedAt === null ? null : new Date(write.next.completedAt);
    const [row] = await tx
      .update(alphaorbBotRuns)
      .set({
        state: write.next.state,
        engine: write.next as unknown as Record<string, unknown>,
        steps: runSteps(write.next),
        metrics: runMetrics(write.next) as unknown as Record<string, unknown>,
        ...(write.paper !== undefined && { paper: write.paper as unknown as Record<string, unknown> | null }),
        ...(write.cursor !== undefined && { cursor: write.cursor }),
        finishedAt: finished,
        version: sql`${alphaorbBotRuns.version} + 1`,
        updatedAt: new Date(write.at),
      })
      .where(and(eq(alphaorbBotRuns.id, run.id), eq(alphaorbBotRuns.version, run.version)))
      .returning();
    if (!row) return null;
    const settings = runSettingsOf(run);
    for (const action of write.actions) {
      if (action.type === 'log') {
        await tx
          .insert(alphaorbBotRunEvents)
          .values({ runId: run.id, at: new Date(action.at), level: action.level, message: action.message });
      } else if (action.type === 'place_order') {
        // Recorded before it is sent: a restart finds it and asks the broker before resending.
        await tx
          .insert(alphaorbBotOrders)
          .values({
            runId: run.id,
            clientOrderId: action.clientOrderId,
            side: action.side,
            orderType: action.orderType,
            qty: String(action.qty),
            price: action.price === undefined ? null : String(action.price),
            stopLoss: String(action.stopLoss),
            takeProfit: String(action.takeProfit),
          })
          .onConflictDoNothing();
      } else if (action.type === 'trade_closed') {
        const t = action.trade;
        const legs = Math.max(settings.take_profits.length, 1);
        const ladderLeg = Number(/l(\d+)$/.exec(t.clientOrderId)?.[1] ?? 1);
        await recordBotTrade(tx, {
          userId: bot.userId,
          tradingAccountId: bot.tradingAccountId,
          botId: bot.id,
          botRunId: run.id,
          leg: (t.attempt - 1) * legs + ladderLeg,
          botLabel: bot.label,
          instrument: t.instrument,
          side: t.side,
          type: t.orderType,
          quantity: t.qty,
          entryTime: t.entryAt,
          exitTime: t.exitAt,
          entryPrice: t.entryPrice,
          exitPrice: t.exitPrice,
          stopPrice: t.stopPrice,
          takeProfit: t.targetPrice,
          fee: t.fees,
          grossPnl: t.grossPnl,
          pnl: t.pnl,
          rr: t.rMultiple,
          riskAmount: t.riskAmount,
          valuePerPoint: settings.value_per_point,
          orbStart: settings.orb_start_local,
          orbRangeMinutes: t.orbRangeMinutes,
          orderStatus: run.testMode ? 'paper' : 'filled',
          entryOrderId: t.clientOrderId,
        });
      }
    }
    if (write.next.state !== run.state && run.state === 'idle') {
      await tx.update(alphaorbBots).set({ lastRunAt: new Date(write.at) }).where(eq(alphaorbBots.id, bot.id));
    }
    return row;
  });
}
