import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob } from '../../jobs/queue.ts';
import { importMarketEvents, lastImportAttempt, recordFailedImport } from './importer.ts';

export const MARKET_EVENTS_FETCH_JOB = 'market-events.fetch';
const MIN_INTERVAL_MS = 55 * 60_000;
const FETCH_TIMEOUT_MS = 20_000;

/** Asks the feed for its answer as text; a failed request is recorded like a refused answer. */
async function fetchFeed(url: string): Promise<string> {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`The feed answered ${response.status}.`);
  return body;
}

/** Fetches and imports the configured feed unless it was asked within the last hour. */
export async function fetchMarketEventsFeed(ctx: AppContext, fetchBody: (url: string) => Promise<string> = fetchFeed) {
  const url = ctx.config.MARKET_EVENTS_FEED_URL;
  if (!url) return { status: 'skipped' as const, reason: 'No feed URL is configured.' };
  const last = await lastImportAttempt(ctx, url);
  if (last && ctx.now().getTime() - last.getTime() < MIN_INTERVAL_MS) {
    return { status: 'skipped' as const, reason: 'The feed was asked less than an hour ago.' };
  }
  let body: string;
  try {
    body = await fetchBody(url);
  } catch (error) {
    const reason = error instanceof Error && error.message.startsWith('The feed') ? error.message : 'The feed could not be reached.';
    return recordFailedImport(ctx, url, reason);
  }
  return importMarketEvents(ctx, url, body);
}

export const marketEventsFetchJob = defineJob({
  name: MARKET_EVENTS_FETCH_JOB,
  payload: z.object({}),
  cron: '5 * * * *',
  retryLimit: 0,
  handler: async (ctx) => {
    const result = await fetchMarketEventsFeed(ctx);
    ctx.log.info(result, 'market events feed');
  },
});
