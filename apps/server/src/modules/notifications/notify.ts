import { and, eq, inArray, sql } from 'drizzle-orm';
import { memberTimeZone } from '@th/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  notificationDeliveries,
  notificationPreferences,
  notifications,
  notificationSettings,
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

export type NotifyResult = { inApp: number; emails: number };

const CHUNK = 1000;

/**
 * Tells members about an event: an in-app notification and, per their preference, an e-mail the
 * worker sends (later, when their quiet hours are on). Never to a suspended member. Each member
 * gets each event once, across instances and repeated calls: both inserts do nothing on the
 * (member, kind, event) key already there. `db` lets a caller pass its transaction.
 */
export async function notify(ctx: AppContext, input: NotifyInput, db: Executor = ctx.db): Promise<NotifyResult> {
  if ('userIds' in input && input.userIds.length === 0) return { inApp: 0, emails: 0 };
  const recipients = await db
    .select({
      id: users.id,
      timezone: users.timezone,
      inApp: sql<boolean>`coalesce(${notificationPreferences.inApp}, true)`,
      email: sql<boolean>`coalesce(${notificationPreferences.email}, ${DEFAULT_EMAIL[input.kind]})`,
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
  const inAppRows = recipients.filter((r) => r.inApp).map((r) => ({ ...content, userId: r.id, createdAt: now }));
  for (let i = 0; i < inAppRows.length; i += CHUNK) {
    const added = await db
      .insert(notifications)
      .values(inAppRows.slice(i, i + CHUNK))
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    inApp += added.length;
  }
  const mailRows = recipients
    .filter((r) => r.email)
    .map((r) => ({
      ...content,
      facts: input.facts ?? null,
      userId: r.id,
      dueAt: quietHoursEnd(now, memberTimeZone(r.timezone), r.quietStart, r.quietEnd) ?? now,
      createdAt: now,
    }));
  let earliest: Date | null = null;
  for (let i = 0; i < mailRows.length; i += CHUNK) {
    const added = await db
      .insert(notificationDeliveries)
      .values(mailRows.slice(i, i + CHUNK))
      .onConflictDoNothing()
      .returning({ dueAt: notificationDeliveries.dueAt });
    emails += added.length;
    for (const row of added) if (!earliest || row.dueAt < earliest) earliest = row.dueAt;
  }
  // The worker sends what is due now at once; what waits for quiet hours, its cron picks up.
  if (earliest && earliest.getTime() <= now.getTime() && db === ctx.db) await sendDueEmailsNow(ctx);
  return { inApp, emails };
}

/**
 * Asks the worker to send the e-mails due now. notify() does so itself, except inside a caller's
 * transaction (the worker would not see the rows yet): that caller calls this once it committed.
 */
export async function sendDueEmailsNow(ctx: AppContext) {
  await ctx.jobs.send(DELIVER_JOB, {});
}
