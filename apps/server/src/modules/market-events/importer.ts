import { and, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { marketEventImports, marketEvents } from '../../db/schema/index.ts';
import { countryOfCurrency } from './currencies.ts';
import { FeedError, feedWindow, parseFeed, sourceKeysOf } from './feed.ts';

export type ImportResult =
  | { status: 'succeeded'; received: number; inserted: number; updated: number; removed: number }
  | { status: 'failed'; error: string };

/**
 * Imports one answer of the weekly calendar feed. The feed's weeks are replaced in one
 * transaction: events in the feed are inserted or updated by their stable key, and events of
 * those weeks the feed no longer lists (cancelled, or moved to another week) are removed.
 * A refused answer changes nothing but the import log.
 */
export async function importMarketEvents(ctx: AppContext, source: string, body: string): Promise<ImportResult> {
  const startedAt = ctx.now();
  const [log] = await ctx.db
    .insert(marketEventImports)
    .values({ source, status: 'running', startedAt })
    .returning({ id: marketEventImports.id });
  const finish = (values: Partial<typeof marketEventImports.$inferInsert>) =>
    ctx.db
      .update(marketEventImports)
      .set({ finishedAt: ctx.now(), ...values })
      .where(eq(marketEventImports.id, log!.id));

  try {
    const events = parseFeed(body);
    const keys = sourceKeysOf(events);
    const window = feedWindow(events);
    const now = ctx.now();
    const counts = await ctx.db.transaction(async (tx) => {
      const inWindow = and(gte(marketEvents.startsAt, window.from), lt(marketEvents.startsAt, window.to));
      const known = await tx
        .select({ key: marketEvents.sourceKey })
        .from(marketEvents)
        .where(inArray(marketEvents.sourceKey, keys));
      const knownKeys = new Set(known.map((r) => r.key));
      await tx
        .insert(marketEvents)
        .values(
          events.map((event, index) => ({
            sourceKey: keys[index]!,
            source,
            title: event.title,
            currency: event.country,
            country: countryOfCurrency(event.country),
            startsAt: new Date(event.date),
            impact: event.impact,
            forecast: event.forecast,
            previous: event.previous,
            actual: event.actual,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: marketEvents.sourceKey,
          set: {
            source,
            title: sql`excluded.title`,
            startsAt: sql`excluded.starts_at`,
            impact: sql`excluded.impact`,
            forecast: sql`excluded.forecast`,
            previous: sql`excluded.previous`,
            actual: sql`excluded.actual`,
            updatedAt: now,
          },
        });
      const removed = await tx
        .delete(marketEvents)
        .where(and(inWindow, notInArray(marketEvents.sourceKey, keys)))
        .returning({ id: marketEvents.id });
      return { inserted: keys.filter((k) => !knownKeys.has(k)).length, updated: knownKeys.size, removed: removed.length };
    });
    const result = { status: 'succeeded' as const, received: events.length, ...counts };
    await finish({ ...result, windowFrom: window.from, windowTo: window.to });
    return result;
  } catch (error) {
    const message = error instanceof FeedError ? error.message : 'The import failed; the previous calendar is kept.';
    if (!(error instanceof FeedError)) ctx.log.error({ err: error, source }, 'market events import failed');
    await finish({ status: 'failed', error: message });
    return { status: 'failed', error: message };
  }
}

/** An attempt that never got an answer to import (network failure, error status). */
export async function recordFailedImport(ctx: AppContext, source: string, error: string): Promise<ImportResult> {
  const now = ctx.now();
  await ctx.db.insert(marketEventImports).values({ source, status: 'failed', startedAt: now, finishedAt: now, error });
  return { status: 'failed', error };
}

/**
 * When the last import of a source started, good or not, so the schedule asks the feed at most
 * hourly (feeds block clients that ask more often, and a refused answer is no reason to hurry).
 */
export async function lastImportAttempt(ctx: AppContext, source: string): Promise<Date | null> {
  const [row] = await ctx.db
    .select({ startedAt: marketEventImports.startedAt })
    .from(marketEventImports)
    .where(eq(marketEventImports.source, source))
    .orderBy(sql`${marketEventImports.startedAt} desc`)
    .limit(1);
  return row?.startedAt ?? null;
}
