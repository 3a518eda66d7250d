import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { MarketEvent, MarketEventsQuery } from '@th/contracts';
import { TRADE_TIME_ZONE } from '@th/domain';
import type { AppContext } from '../../context.ts';
import { marketEvents } from '../../db/schema/index.ts';
import { sharedAnswer, type ContentReader } from '../../lib/revisioned-answers.ts';
import { feedWeekStart } from './feed.ts';

type Row = typeof marketEvents.$inferSelect;

function toMarketEvent(row: Row): MarketEvent {
  const at = DateTime.fromJSDate(row.startsAt, { zone: TRADE_TIME_ZONE });
  return {
    id: row.id,
    title: row.title,
    currency: row.currency,
    country: row.country,
    date: at.toISODate()!,
    // Holidays last the whole day; the feed stamps them at midnight.
    time: row.impact === 'Holiday' ? 'All Day' : at.toFormat('HH:mm'),
    datetime: row.startsAt.toISOString(),
    timestamp: Math.floor(row.startsAt.getTime() / 1000),
    timezone: TRADE_TIME_ZONE,
    impact: row.impact,
    forecast: row.forecast,
    actual: row.actual,
    previous: row.previous,
    notes: row.notes,
  };
}

/**
 * This week's events (Sunday to Saturday, New York), every impact level or only high. Kept while
 * the events' revision has not moved and the week is the same: the first call of a new week
 * computes again even when no import has run yet.
 */
export function listMarketEvents(ctx: AppContext, reader: ContentReader, query: MarketEventsQuery) {
  const from = feedWeekStart(DateTime.fromJSDate(ctx.now()));
  return sharedAnswer(ctx, reader, 'market-events', query.scope, () => weekEvents(ctx, from, query), from.toISO()!);
}

async function weekEvents(ctx: AppContext, from: DateTime, query: MarketEventsQuery) {
  const conditions = [
    gte(marketEvents.startsAt, from.toJSDate()),
    lt(marketEvents.startsAt, from.plus({ weeks: 1 }).toJSDate()),
  ];
  if (query.scope === 'high') conditions.push(eq(marketEvents.impact, 'High'));
  const rows = await ctx.db
    .select()
    .from(marketEvents)
    .where(and(...conditions))
    .orderBy(asc(marketEvents.startsAt), asc(marketEvents.title));
  return { data: rows.map(toMarketEvent) };
}
