import { and, eq } from 'drizzle-orm';
import { DEMO_ACCOUNT, INFO_ROUTE_ID, TRADE_ROUTE_ID, barsFor, findInstrument, quoteAt } from '@th/broker-sim';
import { createRun, planRun, runDaysBetween, runMetrics, runSteps } from '@th/domain';
import type { AppContext } from '../context.ts';
import { alphaorbBotRuns, alphaorbBots, tradingAccounts, users } from '../db/schema/index.ts';
import type { BotBroker } from '../modules/alphaorb/broker.ts';
import { driveRun } from '../modules/alphaorb/drive.ts';
import { settingsOf } from '../modules/alphaorb/present.ts';
import { createUpcomingRun } from '../modules/alphaorb/runs.ts';

const DEMO_MEMBER = 'member@example.com';
const DEMO_BOT = 'Morning NAS100 (paper)';
const HISTORY_DAYS = 14;

/** The simulator's market as a broker for past days: the same bars the live simulator serves. */
function simMarket(symbol: string): BotBroker {
  return {
    instruments: async () => [],
    contractSize: async () => findInstrument(symbol)?.contractSize ?? 1,
    quote: async () => ({ ...quoteAt(symbol, Date.now()), askSize: null, bidSize: null }),
    bars: async (_route, from, to) => barsFor(symbol, from, to).map((b) => ({ ...b, v: 0 })),
    trading: null,
  };
}

/**
 * A test-mode bot on the demo member's simulator account with two weeks of finished runs. The
 * history is produced by the real runner pipeline (engine, paper broker, event log, journal
 * trades) over the simulator's market, at the instants each day's run would have seen.
 */
export async function seedAlphaorb(ctx: AppContext) {
  const [member] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MEMBER));
  if (!member) return;
  const [account] = await ctx.db
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.userId, member.id), eq(tradingAccounts.brokerAccountId, DEMO_ACCOUNT.id)));
  if (!account) return;
  const [existing] = await ctx.db
    .select({ id: alphaorbBots.id })
    .from(alphaorbBots)
    .where(and(eq(alphaorbBots.userId, member.id), eq(alphaorbBots.label, DEMO_BOT)));
  if (existing) return;

  const nas = findInstrument('NAS100')!;
  const [bot] = await ctx.db
    .insert(alphaorbBots)
    .values({
      userId: member.id,
      tradingAccountId: account.id,
      label: DEMO_BOT,
      instrumentId: nas.tradableInstrumentId,
      instrumentSymbol: 'NAS100',
      tradeRouteId: TRADE_ROUTE_ID,
      infoRouteId: INFO_ROUTE_ID,
      orbMinutes: 15,
      orbStartLocal: '09:30',
      runDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
      lotSize: '1',
      orderType: 'market',
      testMode: true,
      engine: { value_per_point: nas.contractSize },
      createdAt: new Date(ctx.now().getTime() - (HISTORY_DAYS + 1) * 86_400_000),
    })
    .returning();
  const settings = settingsOf(bot!);
  const market = simMarket('NAS100');
  const now = ctx.now().getTime();
  const days = runDaysBetween(settings, now - HISTORY_DAYS * 86_400_000, now);
  for (const day of days) {
    const window = planRun(settings, day);
    if (window.flattenAt + 120_000 > now) continue; // today's run is left to the live runner
    const id = crypto.randomUUID();
    const state = createRun({ runId: id, window });
    const [run] = await ctx.db
      .insert(alphaorbBotRuns)
      .values({
        id,
        botId: bot!.id,
        userId: member.id,
        tradingDay: day,
        state: state.state,
        testMode: true,
        engine: state as unknown as Record<string, unknown>,
        settings: settings as unknown as Record<string, unknown>,
        steps: runSteps(state),
        metrics: runMetrics(state) as unknown as Record<string, unknown>,
        scheduledAt: new Date(window.orbStart),
        armAt: new Date(window.armAt),
      })
      .returning();
    // The pass a runner would have made at the session close, with that day's clock.
    const then = { ...ctx, now: () => new Date(window.flattenAt + 90_000) };
    await driveRun(then, bot!, run!, market);
  }
  await createUpcomingRun(ctx.db, bot!, now);
}
