import { sql } from 'drizzle-orm';
import { DEFAULT_SESSION_TIME_ZONE } from '@th/domain';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { nowByDefault, timestamps } from './columns.ts';
import { users } from './members.ts';

/**
 * A scheduled live session or a recap collection. Times are wall-clock in `timezone`, so the
 * UTC moment moves with DST. The meeting passcode is AES-256-GCM encrypted under APP_KEY.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: text({ enum: ['live', 'recap'] })
      .notNull()
      .default('live'),
    title: text().notNull(),
    scheduleText: text(),
    image: text(),
    /** Weekdays 0 (Sunday) .. 6 (Saturday). */
    days: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    startHour: integer(),
    startMinute: integer(),
    endHour: integer(),
    endMinute: integer(),
    timezone: text().notNull().default(DEFAULT_SESSION_TIME_ZONE),
    /** Staff 'mark live now': wins over the schedule. */
    isLiveOverride: boolean().notNull().default(false),
    meetingNumber: text(),
    passcodeEnc: text(),
    expectations: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sortOrder: integer().notNull().default(0),
    published: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [index().on(t.published, t.sortOrder)],
);

/** A recording of a session; links may arrive later ('Coming soon' until then). */
export const replays = pgTable(
  'replays',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    recordedAt: timestamp({ withTimezone: true }),
    watchUrl: text(),
    downloadUrl: text(),
    durationSeconds: integer(),
    topics: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: nowByDefault(),
  },
  (t) => [index().on(t.sessionId, t.recordedAt)],
);

/** A member's private iCalendar feed: one secret per member, kept only as its SHA-256. */
export const liveSessionFeeds = pgTable('live_session_feeds', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  createdAt: nowByDefault(),
});
