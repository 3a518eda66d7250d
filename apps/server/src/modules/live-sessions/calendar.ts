import { and, asc, eq } from 'drizzle-orm';
import { currentOccurrenceEnd, nextOccurrence } from '@th/domain';
import type { CalendarLink } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { liveSessionFeeds, liveSessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { INACTIVE_MEMBERSHIP_MESSAGE } from '../../plugins/auth.ts';
import { buildCalendar, type CalendarEvent } from './ical.ts';
import { scheduleOf, type LiveSessionRow } from './service.ts';

const FEED_PATH = '/api/live-sessions/calendar';
const DEFAULT_EXPECTATIONS = [
  'Live trade calls and narrative from the desk',
  'Rapid-fire Q&A with senior mentors',
  'Replay uploaded within 12 hours',
];

/**
 * Issues the member's private feed address. Only its hash is kept, so the address cannot be
 * shown again: asking anew replaces it, and the previous address stops working at once.
 */
export async function rotateCalendarLink(ctx: AppContext, userId: string): Promise<CalendarLink> {
  const token = randomToken(24);
  await ctx.db
    .insert(liveSessionFeeds)
    .values({ userId, tokenHash: sha256(token), createdAt: ctx.now() })
    .onConflictDoUpdate({
      target: liveSessionFeeds.userId,
      set: { tokenHash: sha256(token), createdAt: ctx.now() },
    });
  const https = new URL(`${FEED_PATH}/${token}.ics`, ctx.config.APP_URL).toString();
  return { httpsUrl: https, webcalUrl: https.replace(/^https?:/, 'webcal:') };
}

function toEvent(ctx: AppContext, row: LiveSessionRow): CalendarEvent | null {
  const schedule = scheduleOf(row);
  // Anchored at creation so the series' first date stays put from one refresh to the next.
  const start = nextOccurrence(schedule, new Date(row.createdAt.getTime() - 1000));
  if (!start) return null;
  const end = currentOccurrenceEnd({ ...schedule, isLive: false }, start);
  const durationMinutes = end ? Math.round(end.diff(start, 'minutes').minutes) : 60;
  const url = new URL(`/sessions/client/${row.id}`, ctx.config.APP_URL).toString();
  const expectations = row.expectations.length > 0 ? row.expectations : DEFAULT_EXPECTATIONS;
  const description = [
    row.scheduleText,
    `What to expect:\n${expectations.map((e) => `• ${e}`).join('\n')}`,
    `Join in the platform: ${url}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    uid: `live-session-${row.id}@${new URL(ctx.config.APP_URL).hostname}`,
    summary: row.title,
    description,
    url,
    start,
    durationMinutes,
    days: row.days,
    lastModified: row.updatedAt,
  };
}

/**
 * The schedule as iCalendar for the member holding `token`. An unknown or replaced address
 * answers 404; a suspended member's address answers 403 until the membership is restored.
 */
export async function calendarFeed(ctx: AppContext, token: string): Promise<string> {
  const [owner] = await ctx.db
    .select({ status: users.status })
    .from(liveSessionFeeds)
    .innerJoin(users, eq(users.id, liveSessionFeeds.userId))
    .where(eq(liveSessionFeeds.tokenHash, sha256(token)));
  if (!owner)
    throw new AppError(
      'not_found',
      'This calendar link is no longer valid. Add the calendar again from Live Sessions.',
    );
  if (owner.status !== 'active')
    throw new AppError('membership_inactive', INACTIVE_MEMBERSHIP_MESSAGE);

  const rows = await ctx.db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.published, true), eq(liveSessions.type, 'live')))
    .orderBy(asc(liveSessions.sortOrder), asc(liveSessions.title));
  const brand = ctx.config.BRAND_NAME;
  return buildCalendar({
    name: `${brand} live sessions`,
    description: `The ${brand} live session schedule.`,
    prodId: `-//${brand}//Live sessions//EN`,
    stamp: ctx.now(),
    events: rows.map((row) => toEvent(ctx, row)).filter((event) => event !== null),
  });
}
