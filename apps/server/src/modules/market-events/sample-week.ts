import { readFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import { feedWeekStart, FEED_TIME_ZONE } from './feed.ts';

/** The bundled sample week of the embedded default, in the feed's own format. */
export const SAMPLE_WEEK_PATH = new URL('./sample-week.json', import.meta.url);
export const SAMPLE_SOURCE = 'sample-week';

type SampleEvent = { date: string; actual?: string; [field: string]: unknown };

/**
 * The sample week moved into the week of `now`, keeping each event's weekday and New York wall
 * time (the sample may be on the other side of a DST change). Events still in the future have
 * no actual value yet, as in a real feed.
 */
export function sampleWeekFeed(now: Date): string {
  const events = JSON.parse(readFileSync(SAMPLE_WEEK_PATH, 'utf8')) as SampleEvent[];
  const sampleStart = feedWeekStart(DateTime.fromISO(events[0]!.date, { setZone: true }));
  const weeks = Math.round(feedWeekStart(DateTime.fromJSDate(now)).diff(sampleStart, 'weeks').weeks);
  const shifted = events.map((event) => {
    const at = DateTime.fromISO(event.date, { zone: FEED_TIME_ZONE }).plus({ weeks });
    const { actual, ...rest } = event;
    const happened = at.toMillis() <= now.getTime();
    return { ...rest, date: at.toISO({ suppressMilliseconds: true }), ...(happened && actual ? { actual } : {}) };
  });
  return JSON.stringify(shifted);
}
