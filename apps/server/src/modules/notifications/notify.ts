import { and, eq, exists, sql } from 'drizzle-orm';
import { memberTimeZone } from '@th/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
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
        'userIds' in input ? sql`${users.id} = any(${sql.param([...new Set(input.userIds)])}::uuid[])` : undefined,
      ),
    );

  const now = ctx.now();
  const at = now.toISOString();
  const { kind, eventKey, title, body, link } = input;
  // One statement per table whatever the audience (a session reminder goes to every member):
  // the member ids travel as one array parameter, the content once.
  const inAppIds = recipients.filter((r) => r.inApp).map((r) => r.id);
  const [inApp] =
    inAppIds.length === 0
      ? [{ n: 0 }]
      : rowsOf<{ n: number }>(
          await db.execute(sql`
            with added as (
              insert into ${notifications} (user_id, kind, event_key, title, body, link, created_at)
              select u.id, ${kind}, ${eventKey}, ${title}, ${body}, ${link}, ${at}::timestamptz from unnest(${sql.param(inAppIds)}::uuid[]) as u(id)
              on conflict do nothing returning 1)
            select count(*)::int as n from added`),
        );
  // Quiet hours are rare: the member's zone is only worked out for those who set them.
  const dueAt = (r: (typeof recipients)[number]) =>
    ((r.quietStart && r.quietEnd && quietHoursEnd(now, memberTimeZone(r.timezone), r.quietStart, r.quietEnd)) || now).toISOString();
  const deliveries = [
    ...recipients.filter((r) => r.email).map((r) => ({ id: r.id, channel: 'email', dueAt: dueAt(r) })),
    // A push only for members with a device to reach; one row covers all their devices.
    ...recipients.filter((r) => r.push && r.hasDevice).map((r) => ({ id: r.id, channel: 'push', dueAt: dueAt(r) })),
  ];
  const facts = input.facts ? JSON.stringify(input.facts) : null;
  const [queued] =
    deliveries.length === 0
      ? [{ emails: 0, pushes: 0, due_now: false }]
      : rowsOf<{ emails: number; pushes: number; due_now: boolean | null }>(
          await db.execute(sql`
            with added as (
              insert into ${notificationDeliveries} (user_id, channel, due_at, kind, event_key, title, body, link, facts, created_at)
              select d.id, d.channel, d.due_at, ${kind}, ${eventKey}, ${title}, ${body}, ${link}, ${facts}::jsonb, ${at}::timestamptz
              from unnest(${sql.param(deliveries.map((d) => d.id))}::uuid[], ${sql.param(deliveries.map((d) => d.channel))}::text[],
                          ${sql.param(deliveries.map((d) => d.dueAt))}::timestamptz[]) as d(id, channel, due_at)
              on conflict do nothing returning channel, due_at)
            select count(*) filter (where channel = 'email')::int as emails, count(*) filter (where channel = 'push')::int as pushes,
              min(due_at) <= ${at}::timestamptz as due_now
            from added`),
        );
  const emails = Number(queued!.emails);
  const pushes = Number(queued!.pushes);
  // The worker sends what is due now at once; what waits for quiet hours, its cron picks up.
  if (queued!.due_now && db === ctx.db) await sendDueNotificationsNow(ctx);
  return { inApp: Number(inApp!.n), emails, pushes };
}

/**
 * Asks the worker to send the e-mails and pushes due now. notify() does so itself, except inside a
 * caller's transaction (the worker would not see the rows yet): that caller calls this once it
 * committed.
 */
export async function sendDueNotificationsNow(ctx: AppContext) {
  await ctx.jobs.send(DELIVER_JOB, {});
}
