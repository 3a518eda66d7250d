import { z } from 'zod';
import { entryEndpoints } from './client-endpoints.ts';
import { MessageBody } from './common.ts';
import { endpoint, withSchemas, type EndpointSchemas } from './endpoint.ts';

/** What a notification is about (issue #25: reminders and notifications); the server's column enum too. */
export const NOTIFICATION_KINDS = ['session_starting', 'session_live', 'replay_ready', 'alphaorb', 'market_event', 'risk', 'community'] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** The kinds' names as members read them, in the order the preferences form lists them. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  session_starting: 'Live session starting',
  session_live: 'A session went live',
  replay_ready: 'A replay is ready',
  alphaorb: 'AlphaORB events (order filled, stopped out, target hit, run error, bot paused)',
  market_event: 'High-impact market events',
  risk: 'Risk Manager warnings and locks',
  community: 'Replies and mentions in the community',
};

export const Notification = z.object({
  id: z.number().int(),
  kind: NotificationKind,
  title: z.string(),
  body: z.string(),
  /** An in-app path to open, or null. */
  link: z.string().nullable(),
  /** UTC ISO instant. */
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NOTIFICATIONS_PER_PAGE = 20;

export const NotificationsQuery = z.object({
  page: z.coerce
    .number({ error: 'The page must be a whole number from 1.' })
    .int('The page must be a whole number from 1.')
    .min(1, 'The page must be a whole number from 1.')
    .max(100_000, 'The page must be a whole number from 1.')
    .default(1),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

export const NotificationsResponse = z.object({
  data: z.array(Notification),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), has_more: z.boolean(), unread: z.number().int() }),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;

export const UnreadCountResponse = z.object({ unread: z.number().int() });
export type UnreadCountResponse = z.infer<typeof UnreadCountResponse>;

export const NotificationParams = z.object({
  notificationId: z.coerce.number({ error: 'Notification not found.' }).int('Notification not found.').positive('Notification not found.'),
});

/** "HH:MM", 24-hour, in the member's named zone; blank (null) when quiet hours are off. */
const QUIET_TIME_MESSAGE = 'Enter a time as HH:MM (24-hour), for example 22:00.';
const QuietTime = z
  .string({ error: QUIET_TIME_MESSAGE })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, QUIET_TIME_MESSAGE)
  .nullable();

export const SESSION_REMINDER_CHOICES = [5, 10, 15, 30, 60] as const;
export const SESSION_REMINDER_MESSAGE = 'Choose 5, 10, 15, 30 or 60 minutes before the session.';

/** The currencies of the economic calendar's events a member may follow (the market events feed's codes). */
export const MARKET_EVENT_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'NZD', 'CHF', 'CNY'] as const;
export type MarketEventCurrency = (typeof MARKET_EVENT_CURRENCIES)[number];
/** Each currency's name as members read it beside its code. */
export const MARKET_EVENT_CURRENCY_NAMES: Record<MarketEventCurrency, string> = {
  USD: 'US dollar',
  EUR: 'Euro',
  GBP: 'British pound',
  JPY: 'Japanese yen',
  CAD: 'Canadian dollar',
  AUD: 'Australian dollar',
  NZD: 'New Zealand dollar',
  CHF: 'Swiss franc',
  CNY: 'Chinese yuan',
};
/** What a member who never chose follows: the US dollar, whose releases move the index futures most members trade. */
export const DEFAULT_MARKET_EVENT_CURRENCIES: readonly MarketEventCurrency[] = ['USD'];
export const MARKET_EVENT_REMINDER_CHOICES = [5, 10, 15, 30, 60] as const;
export const DEFAULT_MARKET_EVENT_REMINDER_MINUTES = 15;
export const MARKET_EVENT_REMINDER_MESSAGE = 'Choose 5, 10, 15, 30 or 60 minutes before the event.';
const isMarketEventCurrency = (code: string): code is MarketEventCurrency => (MARKET_EVENT_CURRENCIES as readonly string[]).includes(code);
const CURRENCY_MESSAGE = `Choose currencies from ${MARKET_EVENT_CURRENCIES.join(', ')}.`;

export const KindPreference = z.object({
  kind: NotificationKind,
  in_app: z.boolean({ error: 'Choose whether this kind is shown in the platform.' }),
  email: z.boolean({ error: 'Choose whether this kind is sent by e-mail.' }),
  push: z.boolean({ error: 'Choose whether this kind is sent as a push notification.' }),
});
export type KindPreference = z.infer<typeof KindPreference>;

export const NotificationPreferences = z
  .object({
    kinds: z
      .array(KindPreference)
      .max(NotificationKind.options.length, 'Each kind may be listed once.')
      .refine((list) => new Set(list.map((k) => k.kind)).size === list.length, 'Each kind may be listed once.'),
    session_reminder_minutes: z.coerce
      .number({ error: SESSION_REMINDER_MESSAGE })
      .int(SESSION_REMINDER_MESSAGE)
      .refine((m) => (SESSION_REMINDER_CHOICES as readonly number[]).includes(m), SESSION_REMINDER_MESSAGE),
    quiet_hours_start: QuietTime,
    quiet_hours_end: QuietTime,
    /** Currencies whose high-impact events are reminded; none turns the reminders off. Left out (like a kind left out of `kinds`): kept as saved. */
    // Checked as a whole so the message lands on the one field, not on an item's index.
    market_event_currencies: z
      .array(z.string({ error: CURRENCY_MESSAGE }), { error: CURRENCY_MESSAGE })
      .max(MARKET_EVENT_CURRENCIES.length, 'Each currency may be chosen once.')
      .refine((list) => list.every(isMarketEventCurrency), CURRENCY_MESSAGE)
      .refine((list) => new Set(list).size === list.length, 'Each currency may be chosen once.')
      .transform((list) => list as MarketEventCurrency[])
      .optional(),
    market_event_reminder_minutes: z.coerce
      .number({ error: MARKET_EVENT_REMINDER_MESSAGE })
      .int(MARKET_EVENT_REMINDER_MESSAGE)
      .refine((m) => (MARKET_EVENT_REMINDER_CHOICES as readonly number[]).includes(m), MARKET_EVENT_REMINDER_MESSAGE)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.quiet_hours_start === null) !== (value.quiet_hours_end === null)) {
      const path = value.quiet_hours_start === null ? 'quiet_hours_start' : 'quiet_hours_end';
      ctx.addIssue({ code: 'custom', path: [path], message: 'Enter both the start and the end of quiet hours, or neither.' });
    } else if (value.quiet_hours_start !== null && value.quiet_hours_start === value.quiet_hours_end) {
      ctx.addIssue({ code: 'custom', path: ['quiet_hours_end'], message: 'Quiet hours must end at another time than they start.' });
    }
  });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const NotificationPreferencesResponse = z.object({
  data: z.object({
    kinds: z.array(KindPreference),
    session_reminder_minutes: z.number().int(),
    quiet_hours_start: z.string().nullable(),
    quiet_hours_end: z.string().nullable(),
    market_event_currencies: z.array(z.enum(MARKET_EVENT_CURRENCIES)),
    market_event_reminder_minutes: z.number().int(),
    /** The zone quiet hours are read in: the member's profile zone, else Toronto. */
    time_zone: z.string(),
  }),
});
export type NotificationPreferencesResponse = z.infer<typeof NotificationPreferencesResponse>;

export const PushPublicKeyResponse = z.object({
  /** The VAPID public key (base64url) a browser subscribes with (`applicationServerKey`). */
  public_key: z.string(),
});
export type PushPublicKeyResponse = z.infer<typeof PushPublicKeyResponse>;

const ENDPOINT_MESSAGE = 'The push endpoint must be an https address.';
const PushEndpoint = z.string({ error: ENDPOINT_MESSAGE }).trim().max(2048, 'The push endpoint must be at most 2048 characters.').url(ENDPOINT_MESSAGE);

/** A browser's PushSubscription as `subscription.toJSON()` gives it (expirationTime is not kept). */
export const PushSubscriptionBody = z.object({
  endpoint: PushEndpoint,
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
    p256dh: z.string({ error: 'The p256dh key is missing.' }).regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'The p256dh key must be a P-256 public key in base64url.'),
    auth: z.string({ error: 'The auth secret is missing.' }).regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, 'The auth secret must be 16 bytes in base64url.'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

export const PushSubscriptionResponse = z.object({
  data: z.object({ id: z.number().int(), endpoint: z.string(), created_at: z.string() }),
});
export type PushSubscriptionResponse = z.infer<typeof PushSubscriptionResponse>;

export const PushUnsubscribeBody = z.object({ endpoint: PushEndpoint });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;

/** An e-mail or push staff see because it failed (no tries left) or waits for its next try. */
export const UndeliveredNotification = z.object({
  id: z.number().int(),
  member: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  kind: NotificationKind,
  channel: z.enum(['email', 'push']),
  title: z.string(),
  /** failed: no automatic try is left; waiting: tried again at next_try_at. */
  status: z.enum(['failed', 'waiting']),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** UTC ISO instant of the next automatic try; null once failed. */
  next_try_at: z.string().nullable(),
  /** UTC ISO instant the notification was made. */
  created_at: z.string(),
});
export type UndeliveredNotification = z.infer<typeof UndeliveredNotification>;

export const UndeliveredNotificationsResponse = z.object({
  data: z.array(UndeliveredNotification),
  /** total: how many there are; the newest `shown` are listed. */
  meta: z.object({ total: z.number().int(), shown: z.number().int() }),
});
export type UndeliveredNotificationsResponse = z.infer<typeof UndeliveredNotificationsResponse>;

export const DeliveryParams = z.object({
  deliveryId: z.coerce.number({ error: 'Delivery not found.' }).int('Delivery not found.').positive('Delivery not found.'),
});

/** The bell in the platform header (zod-free declaration in client-endpoints.ts). */
export const getUnreadCountSchemas = { tags: ['notifications'], response: { 200: UnreadCountResponse } } satisfies EndpointSchemas;

/** The notification centre: the member's notifications and how each kind reaches them. */
export const notificationEndpoints = {
  getUnreadCount: withSchemas(entryEndpoints.getUnreadCount, getUnreadCountSchemas),
  listNotifications: endpoint({
    method: 'GET',
    path: '/api/notifications',
    tags: ['notifications'],
    query: NotificationsQuery,
    response: { 200: NotificationsResponse },
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/api/notifications/:notificationId/read',
    tags: ['notifications'],
    params: NotificationParams,
    response: { 200: z.object({ data: Notification }) },
  }),
  markAllRead: endpoint({
    method: 'POST',
    path: '/api/notifications/read-all',
    tags: ['notifications'],
    response: { 200: MessageBody },
  }),
  getPreferences: endpoint({
    method: 'GET',
    path: '/api/notifications/preferences',
    tags: ['notifications'],
    response: { 200: NotificationPreferencesResponse },
  }),
  putPreferences: endpoint({
    method: 'PUT',
    path: '/api/notifications/preferences',
    tags: ['notifications'],
    body: NotificationPreferences,
    response: { 200: NotificationPreferencesResponse },
  }),
  getPushPublicKey: endpoint({
    method: 'GET',
    path: '/api/notifications/push/public-key',
    tags: ['notifications'],
    response: { 200: PushPublicKeyResponse },
  }),
  /** Adds this browser (device) to the member's push subscriptions; again for the same endpoint updates its keys. */
  subscribePush: endpoint({
    method: 'POST',
    path: '/api/notifications/push/subscriptions',
    tags: ['notifications'],
    body: PushSubscriptionBody,
    response: { 201: PushSubscriptionResponse },
  }),
  /** Staff: e-mails and pushes that failed or wait for a retry (permission notifications.manage). */
  listUndelivered: endpoint({
    method: 'GET',
    path: '/api/staff/notification-deliveries',
    tags: ['notifications', 'staff'],
    response: { 200: UndeliveredNotificationsResponse },
  }),
  /** Staff: tries one again now; recorded in the audit log. */
  retryDelivery: endpoint({
    method: 'POST',
    path: '/api/staff/notification-deliveries/:deliveryId/retry',
    tags: ['notifications', 'staff'],
    params: DeliveryParams,
    response: { 200: MessageBody },
  }),
  /** Removes one of the member's push subscriptions by its endpoint (the browser knows no id). */
  unsubscribePush: endpoint({
    method: 'DELETE',
    path: '/api/notifications/push/subscriptions',
    tags: ['notifications'],
    body: PushUnsubscribeBody,
    response: { 200: MessageBody },
  }),
};
