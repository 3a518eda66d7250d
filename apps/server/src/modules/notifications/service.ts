import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_MARKET_EVENT_CURRENCIES,
  DEFAULT_MARKET_EVENT_REMINDER_MINUTES,
  MARKET_EVENT_CURRENCIES,
  NOTIFICATIONS_PER_PAGE,
  NotificationKind as KindSchema,
  type Notification,
  type NotificationPreferences,
  type NotificationPreferencesResponse,
  type NotificationsQuery,
  type NotificationsResponse,
  type UnreadCountResponse,
} from '@th/contracts';
import { memberTimeZone } from '@th/domain';
import type { AppContext, AuthContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { batchedLookup } from '../../lib/batched-lookup.ts';
import { memberAnswer } from '../../lib/revisioned-answers.ts';
import { notificationPreferences, notifications, notificationSettings, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { MARKET_REMINDERS_JOB } from './market-reminders.ts';
import { DEFAULT_EMAIL, DEFAULT_PUSH } from './notify.ts';

type Row = typeof notifications.$inferSelect;

const toNotification = (row: Row): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  created_at: row.createdAt.toISOString(),
  read_at: row.readAt?.toISOString() ?? null,
});

const unreadQuery = prepared((db) =>
  db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(sql`${notifications.userId} = any(${sql.placeholder('userIds')}::uuid[])`, isNull(notifications.readAt)))
    .groupBy(notifications.userId)
    .prepare('notifications_unread'),
);

// Every page polls the bell, so its counts asked in one turn of the event loop are read
// together, like the token lookup before them (lib/batched-lookup.ts): one statement over the
// partial index of unread rows for all of them, not one round trip each.
const unreadLookups = new WeakMap<Database, (userId: string) => Promise<number | undefined>>();

/**
 * The bell's answer: a count over the partial index of the member's unread rows, kept per member
 * and notification revision (read with the token; moved by trigger in the transaction of every
 * write to their notifications, migration 0031), so an unchanged member's bell costs no statement.
 * The answer object itself is kept, so its JSON is encoded once per member and revision, not on
 * every poll (lib/reused-answers.ts).
 */
export function unreadAnswer(ctx: AppContext, auth: AuthContext): Promise<UnreadCountResponse> {
  return memberAnswer(ctx, auth.userId, 'notifications-unread', String(auth.notificationRevision), async () => ({
    unread: await countUnread(ctx, auth.userId),
  }));
}

export async function unreadCount(ctx: AppContext, auth: AuthContext): Promise<number> {
  return (await unreadAnswer(ctx, auth)).unread;
}

async function countUnread(ctx: AppContext, userId: string): Promise<number> {
  let lookup = unreadLookups.get(ctx.db);
  if (!lookup) {
    const db = ctx.db;
    lookup = batchedLookup(async (userIds: string[]) => {
      const rows = await unreadQuery(db).execute({ userIds });
      return new Map(rows.map((row) => [row.userId, row.n]));
    });
    unreadLookups.set(db, lookup);
  }
  // A member without unread rows has no group in the answer.
  return (await lookup(userId)) ?? 0;
}

export async function listNotifications(ctx: AppContext, auth: AuthContext, query: NotificationsQuery): Promise<NotificationsResponse> {
  const userId = auth.userId;
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PER_PAGE + 1)
    .offset((query.page - 1) * NOTIFICATIONS_PER_PAGE);
  return {
    data: rows.slice(0, NOTIFICATIONS_PER_PAGE).map(toNotification),
    meta: {
      page: query.page,
      per_page: NOTIFICATIONS_PER_PAGE,
      has_more: rows.length > NOTIFICATIONS_PER_PAGE,
      unread: await unreadCount(ctx, auth),
    },
  };
}

/** Marks one of the member's notifications read; another member's answers 404 like a missing one. */
export async function markRead(ctx: AppContext, userId: string, id: number): Promise<{ data: Notification }> {
  const [row] = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.now() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning();
  if (row) return { data: toNotification(row) };
  const [already] = await ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!already) throw new AppError('not_found', 'Notification not found.');
  return { data: toNotification(already) };
}

export async function markAllRead(ctx: AppContext, userId: string) {
  const marked = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.now() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { message: marked.length === 1 ? '1 notification marked read.' : `${marked.length} notifications marked read.` };
}

export async function getPreferences(ctx: AppContext, userId: string): Promise<NotificationPreferencesResponse> {
  const [kinds, [settings], [member]] = await Promise.all([
    ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    ctx.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
    ctx.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId)),
  ]);
  const chosen = new Map(kinds.map((k) => [k.kind, k]));
  return {
    data: {
      kinds: KindSchema.options.map((kind) => ({
        kind,
        in_app: chosen.get(kind)?.inApp ?? true,
        email: chosen.get(kind)?.email ?? DEFAULT_EMAIL[kind],
        push: chosen.get(kind)?.push ?? DEFAULT_PUSH[kind],
      })),
      session_reminder_minutes: settings?.sessionReminderMinutes ?? 15,
      quiet_hours_start: settings?.quietHoursStart ?? null,
      quiet_hours_end: settings?.quietHoursEnd ?? null,
      // Listed in the calendar's order whatever order they were saved in.
      market_event_currencies: MARKET_EVENT_CURRENCIES.filter((code) =>
        (settings?.marketEventCurrencies ?? DEFAULT_MARKET_EVENT_CURRENCIES).includes(code),
      ),
      market_event_reminder_minutes: settings?.marketEventReminderMinutes ?? DEFAULT_MARKET_EVENT_REMINDER_MINUTES,
      time_zone: memberTimeZone(member?.timezone),
    },
  };
}

export async function putPreferences(
  ctx: AppContext,
  userId: string,
  body: NotificationPreferences,
): Promise<NotificationPreferencesResponse> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    for (const kind of body.kinds) {
      await tx
        .insert(notificationPreferences)
        .values({ userId, kind: kind.kind, inApp: kind.in_app, email: kind.email, push: kind.push, updatedAt: now })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { inApp: kind.in_app, email: kind.email, push: kind.push, updatedAt: now },
        });
    }
    const settings = {
      sessionReminderMinutes: body.session_reminder_minutes,
      quietHoursStart: body.quiet_hours_start,
      quietHoursEnd: body.quiet_hours_end,
      ...(body.market_event_currencies && { marketEventCurrencies: body.market_event_currencies }),
      ...(body.market_event_reminder_minutes !== undefined && { marketEventReminderMinutes: body.market_event_reminder_minutes }),
      updatedAt: now,
    };
    await tx
      .insert(notificationSettings)
      .values({ userId, ...settings })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: settings });
  });
  // A newly followed currency's event may already be within the chosen minutes: remind now, not at the next minute.
  // One run per ten seconds however often members save; the cron catches anything later.
  await ctx.jobs.send(MARKET_REMINDERS_JOB, {}, { singletonKey: 'after-preferences', singletonSeconds: 10 });
  return getPreferences(ctx, userId);
}
