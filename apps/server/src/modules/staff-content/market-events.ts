import { desc } from 'drizzle-orm';
import type { FeedUploadRequest, ImportAnswer, MarketEventImportList } from '@th/contracts';
import type { AppContext, AuthContext } from '../../context.ts';
import { marketEventImports } from '../../db/schema/index.ts';
import { fetchMarketEventsFeed, importMarketEvents, type ImportResult } from '../market-events/index.ts';
import { recordAudit } from '../staff/index.ts';

const SHOWN_IMPORTS = 10;

/** The latest import attempts, scheduled or staff-started, newest first. */
export async function listImports(ctx: AppContext): Promise<MarketEventImportList> {
  const rows = await ctx.db
    .select()
    .from(marketEventImports)
    .orderBy(desc(marketEventImports.startedAt))
    .limit(SHOWN_IMPORTS);
  return {
    data: rows.map((row) => ({
      id: row.id,
      source: row.source,
      status: row.status,
      started_at: row.startedAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
      received: row.received,
      inserted: row.inserted,
      updated: row.updated,
      removed: row.removed,
      error: row.error,
    })),
    meta: { feed_url: ctx.config.MARKET_EVENTS_FEED_URL ?? null },
  };
}

function answerOf(result: ImportResult): ImportAnswer {
  if (result.status === 'failed') return { status: 'failed', message: `Import failed: ${result.error}` };
  return {
    status: 'succeeded',
    message: `Imported ${result.received} events: ${result.inserted} new, ${result.updated} updated, ${result.removed} removed.`,
  };
}

/**
 * A feed file staff upload. The importer keeps its own transaction and import log (a refused
 * file changes nothing but the log), so the audit entry follows it.
 */
export async function importUploadedFeed(ctx: AppContext, actor: AuthContext, input: FeedUploadRequest): Promise<ImportAnswer> {
  const source = `upload:${input.file_name}`;
  const result = await importMarketEvents(ctx, source, input.content);
  await recordAudit(ctx.db, actor, { action: 'market_events.uploaded', subjectType: 'market_events', subjectId: source, after: result });
  return answerOf(result);
}

/** Asks the configured feed now, through the same hourly guard as the schedule. */
export async function importFromFeed(
  ctx: AppContext,
  actor: AuthContext,
  fetchBody?: (url: string) => Promise<string>,
): Promise<ImportAnswer> {
  const result = await fetchMarketEventsFeed(ctx, fetchBody);
  await recordAudit(ctx.db, actor, {
    action: 'market_events.fetched',
    subjectType: 'market_events',
    subjectId: ctx.config.MARKET_EVENTS_FEED_URL ?? 'feed',
    after: result,
  });
  if (result.status === 'skipped') return { status: 'skipped', message: `Not imported: ${result.reason}` };
  return answerOf(result);
}
