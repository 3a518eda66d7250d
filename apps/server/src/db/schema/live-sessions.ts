import { sql } from 'drizzle-orm';
import { DEFAULT_SESSION_TIME_ZONE } from '@th/domain';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * The last meeting.started / meeting.ended Zoom sent for this meeting and when: started
     * means live now, ended closes the current occurrence early; without either the schedule
     * decides (the domain's isSessionLiveNow).
     */
    meetingState: text({ enum: ['started', 'ended'] }),
    meetingStateAt: timestamp({ withTimezone: true }),
    /** Whether a replay Zoom records arrives published or as a draft for staff to review. */
    replayPublishing: text({ enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
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
    /** The recording's play passcode, AES-256-GCM encrypted under APP_KEY like meeting passcodes. */
    passcodeEnc: text(),
    /** Who led it: the Zoom host's name when the host is a member of staff, else set by staff. */
    mentor: text(),
    /** Drafts (from Zoom, per the session's setting) are seen by staff only. */
    published: boolean().notNull().default(true),
    /** The Zoom meeting instance (uuid) it was recorded from: one replay per recording. */
    zoomMeetingUuid: text(),
    createdAt: nowByDefault(),
  },
  (t) => [index().on(t.sessionId, t.recordedAt), uniqueIndex().on(t.zoomMeetingUuid)],
);

/**
 * Zoom webhook deliveries already applied. Zoom sends no event id, so the id is the SHA-256
 * of the signed body: a redelivery or a captured request sent again carries the same bytes.
 */
export const zoomEvents = pgTable('zoom_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  meetingNumber: text(),
  receivedAt: timestamp({ withTimezone: true }).notNull(),
});

/** A member's time in a session's meeting, from Zoom's participant joined/left events. */
export const sessionAttendance = pgTable(
  'session_attendance',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Zoom's meeting instance and the participant's id in it pair a leave with its join. */
    meetingUuid: text().notNull(),
    participantId: text().notNull(),
    joinedAt: timestamp({ withTimezone: true }).notNull(),
    leftAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.sessionId, t.joinedAt), index().on(t.userId, t.joinedAt)],
);

/** A member's private iCalendar feed: one secret per member, kept only as its SHA-256. */
export const liveSessionFeeds = pgTable('live_session_feeds', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  createdAt: nowByDefault(),
});
