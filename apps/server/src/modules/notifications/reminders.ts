import { and, eq, notExists, sql } from 'drizzle-orm';
import { nextOccurrence } from '@th/domain';
import type { AppContext } from '../../context.ts';
import { liveSessions, notifications, notificationSettings, users } from '../../db/schema/index.ts';
import { scheduleOf } from '../live-sessions/index.ts';
import { notify } from './notify.ts';

/** The longest reminder a member may choose (contracts' SESSION_REMINDER_CHOICES). */
const LONGEST_REMINDER_MINUTES = 60;
const DEFAULT_REMINDER_MINUTES = 15;

/**
 * Run every minute by the worker: for each published live session starting within the hour,
 * reminds the members whose chosen minutes before it have come. Keyed by session and start, so
 * a member is reminded once per occurrence however often (and on however many instances) it runs.
 */
export async function sendSessionReminders(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const sessions = await ctx.db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.type, 'live'), eq(liveSessions.published, true)));
  let reminded = 0;
  for (const session of sessions) {
    const start = nextOccurrence(scheduleOf(session), now);
    if (!start) continue;
    const minutes = Math.ceil((start.toMillis() - now.getTime()) / 60_000);
    if (minutes > LONGEST_REMINDER_MINUTES) continue;
    const eventKey = `${session.id}:${start.toUTC().toISO()}`;
    const due = await ctx.db
      .select({ id: users.id })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(
        and(
          eq(users.status, 'active'),
          sql`coalesce(${notificationSettings.sessionReminderMinutes}, ${DEFAULT_REMINDER_MINUTES}) >= ${minutes}`,
          notExists(
            ctx.db
              .select({ one: sql`1` })
              .from(notifications)
              .where(
                and(
                  eq(notifications.userId, users.id),
                  eq(notifications.kind, 'session_starting'),
                  eq(notifications.eventKey, eventKey),
                ),
              ),
          ),
        ),
      );
    if (due.length === 0) continue;
    const result = await notify(ctx, {
      userIds: due.map((m) => m.id),
      kind: 'session_starting',
      eventKey,
      title: `${session.title} starts in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      body: `${session.title} starts at ${start.setLocale('en-US').toFormat('h:mm a ZZZZ')} (${start.zoneName}). Join from the live sessions page.`,
      link: '/sessions',
    });
    reminded += result.inApp + result.emails;
  }
  return reminded;
}
