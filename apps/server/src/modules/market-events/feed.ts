import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { MarketEventImpact } from '@th/contracts';

/** The zone the weekly economic-calendar feed is published in; its weeks run Sunday to Saturday. */
export const FEED_TIME_ZONE = 'America/New_York';

/** A feed answer the importer refuses; the previous calendar stays as it was. */
export class FeedError extends Error {}

const impacts: Record<string, MarketEventImpact> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  holiday: 'Holiday',
};

/** Forecast, previous and actual arrive as text ('3.2%', '250K'), sometimes empty or numeric. */
const FeedValue = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? null : String(value).trim() || null));

const FeedEvent = z.object({
  title: z.string().trim().min(1, 'title is empty').max(300, 'title is too long'),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'country must be a currency code such as USD')
    .transform((code) => code.toUpperCase()),
  date: z.iso.datetime({ offset: true, message: 'date must be an ISO date-time with an offset' }),
  impact: z
    .string()
    .transform((text) => impacts[text.trim().toLowerCase()])
    .pipe(z.enum(['High', 'Medium', 'Low', 'Holiday'], { error: 'impact must be High, Medium, Low or Holiday' })),
  forecast: FeedValue,
  previous: FeedValue,
  actual: FeedValue,
});
export type FeedEvent = z.infer<typeof FeedEvent>;

const Feed = z.array(FeedEvent).min(1, 'the feed has no events').max(2000, 'the feed has too many events');

/**
 * Reads a feed answer. HTML (an error or rate-limit page), anything that is not JSON and any
 * event of the wrong shape refuse the whole answer: a half-read week would look complete.
 */
export function parseFeed(body: string): FeedEvent[] {
  const text = body.replace(/^\uFEFF/, '').trim();
  if (text.startsWith('<')) throw new FeedError('The feed answered with HTML instead of JSON.');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FeedError('The feed answer is not JSON.');
  }
  const parsed = Feed.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 3)
      .map((issue) => (issue.path.length ? `event ${issue.path.join('.')}: ${issue.message}` : issue.message));
    throw new FeedError(`The feed has the wrong shape (${problems.join('; ')}).`);
  }
  return parsed.data;
}

/** Sunday 00:00 New York of the week a moment falls in. */
export function feedWeekStart(at: DateTime): DateTime {
  const local = at.setZone(FEED_TIME_ZONE).startOf('day');
  return local.minus({ days: local.weekday % 7 });
}

/** The weeks a feed covers, [from, to): everything the import replaces. */
export function feedWindow(events: readonly FeedEvent[]): { from: Date; to: Date } {
  const instants = events.map((e) => DateTime.fromISO(e.date, { setZone: true }).toMillis());
  const first = feedWeekStart(DateTime.fromMillis(Math.min(...instants)));
  const last = feedWeekStart(DateTime.fromMillis(Math.max(...instants)));
  return { from: first.toJSDate(), to: last.plus({ weeks: 1 }).toJSDate() };
}

/**
 * A key that survives re-imports of the same week: title, currency, week and which occurrence
 * of that title it is (speeches repeat within a week). A rescheduled event keeps its key.
 */
export function sourceKeysOf(events: readonly FeedEvent[]): string[] {
  const order = events
    .map((event, index) => ({ event, index, at: Date.parse(event.date) }))
    .sort((a, b) => a.at - b.at || a.index - b.index);
  const seen = new Map<string, number>();
  const keys: string[] = new Array<string>(events.length);
  for (const { event, index } of order) {
    const week = feedWeekStart(DateTime.fromISO(event.date, { setZone: true })).toISODate();
    const slot = `${event.title.toLowerCase()}|${event.country}|${week}`;
    const occurrence = (seen.get(slot) ?? 0) + 1;
    seen.set(slot, occurrence);
    keys[index] = createHash('sha256').update(`${slot}|${occurrence}`).digest('hex');
  }
  return keys;
}
