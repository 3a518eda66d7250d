import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, nowByDefault, timestamps } from './columns.ts';
import { memberId } from './members.ts';

/**
 * A copy of everything a member owns, asked for by the member or by staff: the worker builds
 * one ZIP and keeps it here (the database every instance reaches) until it expires. Goes with
 * the member.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: memberId(),
    status: text({ enum: ['queued', 'running', 'ready', 'failed', 'expired'] })
      .notNull()
      .default('queued'),
    progress: integer().notNull().default(0),
    requestedBy: text({ enum: ['member', 'staff'] }).notNull(),
    archive: bytea(),
    size: integer(),
    error: text(),
    createdAt: nowByDefault(),
    finishedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);

export type ClosureStepState = { doneAt: string | null; error: string | null; attempts: number };

/**
 * A member's account closing: the immediate steps (bots stopped, broker tokens revoked, the
 * subscription canceled, sessions signed out), the grace period during which signing in
 * restores the account, then the erasure. Each step's progress is recorded in `steps`, so a
 * worker killed midway resumes where it stopped. No foreign key: the row outlives the member
 * as the record that the account was closed and erased, holding nothing but ids.
 */
export const accountClosures = pgTable(
  'account_closures',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull(),
    status: text({ enum: ['pending', 'restored', 'erasing', 'erased'] })
      .notNull()
      .default('pending'),
    cancel: text({ enum: ['period_end', 'now'] }).notNull(),
    requestedBy: text({ enum: ['member', 'staff'] }).notNull(),
    /** Staff's reason; members give none. Erased with the member. */
    reason: text(),
    steps: jsonb().$type<Record<string, ClosureStepState>>().notNull().default({}),
    lastError: text(),
    graceEndsAt: timestamp({ withTimezone: true }).notNull(),
    restoredAt: timestamp({ withTimezone: true }),
    erasedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index().on(t.userId),
    index().on(t.status, t.graceEndsAt),
    // One closure in progress per member, whatever two requests race.
    uniqueIndex('account_closures_open_key')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'erasing')`),
  ],
);
