import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { communityFeedEvents } from '../../db/schema/index.ts';
import { defineJob } from '../../jobs/queue.ts';

/** A feed reads only events newer than when it started: older ones are of no use to anyone. */
const FEED_EVENTS_KEPT_HOURS = 24;

export async function pruneFeedEvents(ctx: AppContext) {
  const before = new Date(ctx.now().getTime() - FEED_EVENTS_KEPT_HOURS * 3_600_000);
  const pruned = await ctx.db.delete(communityFeedEvents).where(lt(communityFeedEvents.createdAt, before)).returning({ id: communityFeedEvents.id });
  return pruned.length;
}

/** Hourly: the live feed's moderation and deletion events older than a day are dropped. */
export const communityFeedPruneJob = defineJob({
  name: 'community.feed-prune',
  payload: z.object({}),
  cron: '23 * * * *',
  retryLimit: 0,
  handler: async (ctx) => void (await pruneFeedEvents(ctx)),
});
