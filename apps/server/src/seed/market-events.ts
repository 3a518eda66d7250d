import { and, gte, lt } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { AppContext } from '../context.ts';
import { marketEvents } from '../db/schema/index.ts';
import { feedWeekStart } from '../modules/market-events/feed.ts';
import { importMarketEvents } from '../modules/market-events/importer.ts';
import { SAMPLE_SOURCE, sampleWeekFeed } from '../modules/market-events/sample-week.ts';

/** The bundled sample week, moved into the current week, unless this week already has events. */
export async function seedMarketEvents(ctx: AppContext) {
  const from = feedWeekStart(DateTime.fromJSDate(ctx.now()));
  const [existing] = await ctx.db
    .select({ id: marketEvents.id })
    .from(marketEvents)
    .where(and(gte(marketEvents.startsAt, from.toJSDate()), lt(marketEvents.startsAt, from.plus({ weeks: 1 }).toJSDate())))
    .limit(1);
  if (existing) return;
  const result = await importMarketEvents(ctx, SAMPLE_SOURCE, sampleWeekFeed(ctx.now()));
  if (result.status === 'failed') ctx.log.warn({ error: result.error }, 'sample market events were not imported');
}
