import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import { memberTimeZone } from '@th/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  notificationDeliveries,
  notificationPreferences,
  notifications,
  notificationSettings,
  pushSubscriptions,
  users,
  type NotificationMailFacts,
} from '../../db/schema/index.ts';
import { quietHoursEnd } from './quiet-hours.ts';

export type { NotificationKind } from '@th/contracts';
import type { NotificationKind } from '@th/contracts';

/** How a kind reaches a member who has not chosen: in-app always, e-mail for most kinds. */
export const DEFAULT_EMAIL: Record<NotificationKind, boolean> = {
  session_starting: true,
  session_live: true,
  replay_ready: true,
  alphaorb: true,
  market_event: false,
  risk: true,
  community: false,
};

/** Push, once a member has turned it on in a browser, takes the same defaults as e-mail. */
export const DEFAULT_PUSH: Record<NotificationKind, boolean> = DEFAULT_EMAIL;

export const DELIVER_JOB = 'notifications.deliver';

type NotifyContent = {
  /** The event's own key: with the kind and the member, it is sent once. */
  eventKey: string;
  title: string;
  body: string;
  /** An in-app path ("/sessions"), or null. */
  link: string | null;
};

export type NotifyInput = ({ userIds: readonly string[] } | { audience: 'members' }) &
  NotifyContent &
  (
    | { kind: Exclude<NotificationKind, 'risk'>; facts?: never }
    /** A risk e-mail is riskMail, from these facts (the lock's end put in the member's zone when sent). */
    | { kind: 'risk'; facts: NotificationMailFacts }
  );

export type NotifyResult = { inApp: number; emails: number; pushes: number };

const CHUNK = 1000;

/**
 * Tells members about an event: an in-app notification and, per their preferences, an e-mail and
 * a push to their devices that the worker sends (later, when their quiet hours are on). Never to
 * a suspended member. Each member gets each event once, across instances and repeated calls: the
 * inserts do nothing on the (member, kind, event[, channel]) key already there. `db` lets a
 * caller pass its transaction.
 */
export async function notify(ctx: AppContext, input: NotifyInput, db: Executor = ctx.db): Promise<NotifyResult> {
  if ('userIds' in input && input.userIds.length === 0) return { inApp: 0, emails: 0, pushes: 0 };
  const recipients = await db
    .select({
      id: users.id,
      timezone: users.timezone,
      inApp: sql<boolean>`coalesce(${notificationPreferences.inApp}, true)`,
      email: sql<boolean>`coalesce(${notificationPreferences.email}, ${DEFAULT_EMAIL[input.kind]})`,
      push: sql<boolean>`coalesce(${notificationPreferences.push}, ${DEFAULT_PUSH[input.kind]})`,
      hasDevice: exists(db.select({ one: sql`1` }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, users.id))),
      quietStart: notificationSettings.quietHoursStart,
      quietEnd: notificationSettings.quietHoursEnd,
    })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, input.kind)),
    )
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(
      and(
        eq(users.status, 'active'),
        'userIds' in input ? inArray(users.id, [...new Set(input.userIds)]) : undefined,
      ),
    );

  const now = ctx.now();
  const content = { kind: input.kind, eventKey: input.eventKey, title: input.title, body: input.body, link: input.link };
  let inApp = 0;
  let emails = 0;
  let pushes = 0;
  const inAppRows = recipients.filter((r) => r.inApp).map((r) => ({ ...content, userId: r.id, createdAt: now }));
  for (let i = 0; i < inAppRows.length; i += CHUNK) {
    const added = await db
      .insert(notifications)
      .values(inAppRows.slice(i, i + CHUNK))
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    inApp += added.length;
  }
  const dueAt = (r: (typeof recipients)[number]) => quietHoursEnd(now, memberTimeZone(r.timezone), r.quietStart, r.quietEnd) ?? now;
  const deliveryRows = [
    ...recipients.filter((r) => r.email).map((r) => ({ ...content, facts: input.facts ?? null, userId: r.id, channel: 'email' as const, dueAt: dueAt(r), createdAt: now })),
    // A push only for members with a device to reach; one row covers all their devices.
    ...recipients
      .filter((r) => r.push && r.hasDevice)
      .map((r) => ({ ...content, userId: r.id, channel: 'push' as const, dueAt: dueAt(r), createdAt: now })),
  ];
  let earliest: Date | null = null;
  for (let i = 0; i < deliveryRows.length; i += CHUNK) {
    const added = await db
      .insert(notificationDeliveries)
      .values(deliveryRows.slice(i, i + CHUNK))
      .onConflictDoNothing()
      .returning({ channel: notificationDeliveries.channel, dueAt: notificationDeliveries.dueAt });
    for (const row of added) {
      if (row.channel === 'email') emails += 1;
      else pushes += 1;
      if (!earliest || row.dueAt < earliest) earliest = row.dueAt;
    }
  }
  // The worker sends what is due now at once; what waits for quiet hours, its cron picks up.
  if (earliest && earliest.getTime() <= now.getTime() && db === ctx.db) await sendDueNotificationsNow(ctx);
  return { inApp, emails, pushes };
}

/**
 * Asks the worker to send the e-mails and pushes due now. notify() does so itself, except inside a
 * caller's transaction (the worker would not see the rows yet): that caller calls this once it
 * committed.
 */
export async function sendDueNotificationsNow(ctx: AppContext) {
  await ctx.jobs.send(DELIVER_JOB, {});
}
