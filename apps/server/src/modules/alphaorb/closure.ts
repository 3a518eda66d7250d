/**
 * Closing an account (modules/data-rights) stops the member's bots: every bot is paused, its
 * upcoming runs cancelled, and a run holding a trade is hard-stopped (its trade closed at the
 * broker). Idempotent: a second call finds nothing left to stop.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { alphaorbBotRuns, alphaorbBots } from '../../db/schema/index.ts';
import { hardStopBot, pauseUnfinishedRuns } from './controls.ts';
import { isActive, type RunStateName } from '@th/domain';
import { runStateOf } from './runs.ts';

/** Stops every bot of a member; answers how many were running or enabled. */
export async function stopMemberBots(ctx: AppContext, userId: string): Promise<number> {
  const bots = await ctx.db.select().from(alphaorbBots).where(eq(alphaorbBots.userId, userId));
  let stopped = 0;
  for (const bot of bots) {
    const runs = await ctx.db.select().from(alphaorbBotRuns).where(eq(alphaorbBotRuns.botId, bot.id));
    const active = runs.filter((run) => isActive(runStateOf(run).state as RunStateName));
    // A run holding a trade is closed at the broker; a broker failure throws and the job retries.
    for (const run of active) await hardStopBot(ctx, userId, bot.id, run.id);
    if (bot.enabled) {
      await ctx.db.update(alphaorbBots).set({ enabled: false, updatedAt: ctx.now() }).where(eq(alphaorbBots.id, bot.id));
    }
    await pauseUnfinishedRuns(ctx, bot);
    if (bot.enabled || active.length > 0) stopped += 1;
  }
  return stopped;
}
