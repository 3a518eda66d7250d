import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '@th/contracts';
import { nowByDefault, timestamps } from './columns.ts';
import { memberId } from './members.ts';

/**
 * What the e-mail of a kind with its own template names, kept with the delivery and put into
 * words when it is sent (so a time is shown in the member's zone then). Risk: the account, the
 * rule broken with its numbers, and the lock's end as an instant (null for a warning).
 */
export type NotificationMailFacts = { account: string; reason: string; lockedUntil: string | null };

/**
 * One in-app notification of a member. Each member gets each event once: the unique key
 * (member, kind, event) makes a second instance or a second run of the same notify a no-op.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberId(),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    eventKey: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** An in-app path ('/sessions') or null. */
    link: text(),
    createdAt: nowByDefault(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('notifications_user_kind_event_key').on(t.userId, t.kind, t.eventKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // The bell's unread count: one index-only range of the member's unread rows.
    index('notifications_unread_idx').on(t.userId).where(sql`read_at is null`),
  ],
);

/** How one kind reaches a member; no row means the kind's defaults. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: memberId(),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    inApp: boolean().notNull(),
    email: boolean().notNull(),
    /** Null on rows saved before push existed: the kind's default (DEFAULT_PUSH) holds. */
    push: boolean(),
    updatedAt: nowByDefault(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A member's settings across kinds: minutes before a live session its reminder comes, the
 * currencies whose high-impact market events are reminded and how long before, and quiet hours
 * (wall-clock "HH:MM" in the member's named zone) during which e-mail waits. No row: the
 * defaults (15 minutes; USD, 15 minutes).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: memberId().primaryKey(),
  sessionReminderMinutes: integer().notNull().default(15),
  marketEventCurrencies: text().array().notNull().default(sql`'{USD}'`),
  marketEventReminderMinutes: integer().notNull().default(15),
  quietHoursStart: text(),
  quietHoursEnd: text(),
  ...timestamps(),
});

/**
 * One e-mail or push of a notification, sent by the worker once: the same unique key as in-app
 * rows plus the channel, retried with backoff (attempts, last error and the next try kept for
 * staff). A push goes to each of the member's devices; those already reached are listed so a
 * retry goes only to the others.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberId(),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    eventKey: text().notNull(),
    channel: text({ enum: ['email', 'push'] })
      .notNull()
      .default('email'),
    title: text().notNull(),
    body: text().notNull(),
    link: text(),
    /** Null: the e-mail is the title and body. */
    facts: jsonb().$type<NotificationMailFacts>(),
    status: text({ enum: ['pending', 'sending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    /** Not before this moment: now, or the end of the member's quiet hours, or the next retry. */
    dueAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    claimedAt: timestamp({ withTimezone: true }),
    /** A push's subscriptions already reached (push_subscriptions ids). */
    pushedTo: bigint({ mode: 'number' }).array().notNull().default(sql`'{}'`),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: nowByDefault(),
  },
  (t) => [
    unique('notification_deliveries_user_kind_event_channel_key').on(t.userId, t.kind, t.eventKey, t.channel),
    index('notification_deliveries_due_idx').on(t.dueAt).where(sql`status in ('pending', 'sending')`),
  ],
);

/**
 * A browser (device) a member turned push on in: its push service endpoint and the keys the
 * payload is encrypted to. One endpoint belongs to one member: the last to subscribe on that
 * browser. Deleted when its push service answers that it is gone (404, 410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberId(),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    ...timestamps(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * The VAPID key pair push messages are signed with when none is configured: generated once, the
 * first instance to need it writes the one row (id 1) and every instance reads it. The private
 * key is AES-256-GCM encrypted under APP_KEY.
 */
export const webPushKeys = pgTable('web_push_keys', {
  id: integer().primaryKey(),
  publicKey: text().notNull(),
  privateKeyEnc: text().notNull(),
  createdAt: nowByDefault(),
});
