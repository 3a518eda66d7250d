import { and, asc, eq, gt, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import {
  DEFAULT_MARKET_EVENT_CURRENCIES,
  DEFAULT_MARKET_EVENT_REMINDER_MINUTES,
  MARKET_EVENT_REMINDER_CHOICES,
} from '@th/contracts';
import { memberMomentText, memberTimeZone } from '@th/domain';
import type { AppContext } from '../../context.ts';
import { marketEvents, notifications, notificationSettings, users } from '../../db/schema/index.ts';
import { notify } from './notify.ts';

export const MARKET_REMINDERS_JOB = 'notifications.market-event-reminders';

const LONGEST_REMINDER_MINUTES = Math.max(...MARKET_EVENT_REMINDER_CHOICES);

type MarketEvent = typeof marketEvents.$inferSelect;

/** The notice's words for members reading times in `zone`. */
function noticeOf(event: MarketEvent, minutes: number, zone: string) {
  const figures = [event.forecast && `forecast ${event.forecast}`, event.previous && `previous ${event.previous}`].filter(Boolean).join(', ');
  return {
    title: `${event.title} (${event.currency}) in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    body:
      `High-impact ${event.currency} event: ${event.title} at ${memberMomentText(event.startsAt, zone)} (${zone}).` +
      (figures ? ` ${figures.charAt(0).toUpperCase()}${figures.slice(1)}.` : ''),
  };
}

/**
 * Run every minute by the worker (and once when a member saves their choice): for each
 * high-impact event of the economic calendar starting within the hour, reminds the members who
 * follow its currency and whose chosen minutes before it have come. Keyed by the event and its
 * time, so a member is reminded once per event however often (and on however many instances)
 * it runs; an event the feed moves to another time is reminded again for its new time.
 */
export async function sendMarketEventReminders(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const events = await ctx.db
    .select()
    .from(marketEvents)
    .where(
      and(
        eq(marketEvents.impact, 'High'),
        gt(marketEvents.startsAt, now),
        lte(marketEvents.startsAt, new Date(now.getTime() + LONGEST_REMINDER_MINUTES * 60_000)),
      ),
    )
    .orderBy(asc(marketEvents.startsAt));
  let reminded = 0;
  for (const event of events) {
    const minutes = Math.ceil((event.startsAt.getTime() - now.getTime()) / 60_000);
    const eventKey = `${event.id}:${event.startsAt.toISOString()}`;
    const follows = sql`${event.currency} = any(${notificationSettings.marketEventCurrencies})`;
    const due = await ctx.db
      .select({ id: users.id, timezone: users.timezone })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(
        and(
          eq(users.status, 'active'),
          // A member without settings follows the default currencies.
          (DEFAULT_MARKET_EVENT_CURRENCIES as readonly string[]).includes(event.currency)
            ? or(isNull(notificationSettings.userId), follows)
            : follows,
          sql`coalesce(${notificationSettings.marketEventReminderMinutes}, ${DEFAULT_MARKET_EVENT_REMINDER_MINUTES}) >= ${minutes}`,
          notExists(
            ctx.db
              .select({ one: sql`1` })
              .from(notifications)
              .where(
                and(eq(notifications.userId, users.id), eq(notifications.kind, 'market_event'), eq(notifications.eventKey, eventKey)),
              ),
          ),
        ),
      );
    // One notice per zone: each member reads the event's time in their own named zone.
    const byZone = new Map<string, string[]>();
    for (const member of due) {
      const zone = memberTimeZone(member.timezone);
      const members = byZone.get(zone);
      if (members) members.push(member.id);
      else byZone.set(zone, [member.id]);
    }
    for (const [zone, userIds] of byZone) {
      const result = await notify(ctx, { userIds, kind: 'market_event', eventKey, link: '/market-events', ...noticeOf(event, minutes, zone) });
      reminded += result.inApp + result.emails;
    }
  }
  return reminded;
}
