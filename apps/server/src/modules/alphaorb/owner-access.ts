/**
 * A bot trades only while its owner may run it: signed up and not suspended, and holding
 * `alphaorb.manage` (directly or through a role). The runner pauses any other enabled bot on
 * each pass, and staff actions that take either away pause the member's bots at once. Runs
 * already holding a trade keep being managed to their close: pausing stops what has not started.
 */
import { and, eq, not, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { alphaorbBots, roles, userRoles, users } from '../../db/schema/index.ts';
import { pauseUnfinishedRuns } from './controls.ts';

const ownerMayRun = sql`exists (
  select 1 from ${users} where ${users.id} = ${alphaorbBots.userId} and ${users.status} = 'active'
    and ('alphaorb.manage' = any(${users.permissions}) or exists (
      select 1 from ${userRoles} join ${roles} on ${roles.name} = ${userRoles.roleName}
      where ${userRoles.userId} = ${users.id} and 'alphaorb.manage' = any(${roles.permissions}))))`;

/** Pauses the enabled bots whose owner (one member, or anyone) may not run them; their ids. */
export async function pauseBarredBots(ctx: AppContext, userId?: string): Promise<string[]> {
  const paused = await ctx.db
    .update(alphaorbBots)
    .set({ enabled: false, updatedAt: ctx.now() })
    .where(and(eq(alphaorbBots.enabled, true), not(ownerMayRun), userId ? eq(alphaorbBots.userId, userId) : undefined))
    .returning();
  for (const bot of paused) await pauseUnfinishedRuns(ctx, bot);
  if (paused.length > 0) ctx.log.info({ bots: paused.map((b) => b.id) }, 'alphaorb: paused bots whose owner may not run them');
  return paused.map((bot) => bot.id);
}
