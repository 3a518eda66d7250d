import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * One economic-calendar event. `sourceKey` is stable across re-imports of the same week
 * (title, currency, week and occurrence), so an import updates rows instead of duplicating.
 */
export const marketEvents = pgTable(
  'market_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    sourceKey: text().notNull().unique(),
    source: text().notNull(),
    title: text().notNull(),
    currency: text().notNull(),
    country: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    impact: text({ enum: ['High', 'Medium', 'Low', 'Holiday'] }).notNull(),
    forecast: text(),
    previous: text(),
    actual: text(),
    notes: text(),
    ...timestamps(),
  },
  (t) => [index().on(t.startsAt)],
);

/** Every import attempt, good or refused, so staff can see why the calendar looks stale. */
export const marketEventImports = pgTable(
  'market_event_imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    source: text().notNull(),
    status: text({ enum: ['running', 'succeeded', 'failed'] }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
    windowFrom: timestamp({ withTimezone: true }),
    windowTo: timestamp({ withTimezone: true }),
    received: integer().notNull().default(0),
    inserted: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    removed: integer().notNull().default(0),
    error: text(),
  },
  (t) => [index().on(t.source, t.startedAt)],
);
