import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { nowByDefault, timestamps } from './columns.ts';
import { memberId } from './members.ts';

/**
 * An AlphaORB backtest a member asked for: the bot settings it replays, the instrument, the
 * calendar range (bot-local dates, both included) and the fill model. The worker moves it from
 * queued to running to done or failed and stores the whole result as JSON, since a result is
 * read whole and never queried inside.
 */
export const backtests = pgTable(
  'backtests',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: memberId(),
    instrument: text().notNull(),
    settings: jsonb().notNull(),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    /** Round-turn commission per lot, money. */
    commissionPerLot: numeric({ precision: 20, scale: 6 }).notNull().default('0'),
    /** Adverse points on market entries and market closes. */
    entrySlippage: numeric({ precision: 20, scale: 6 }).notNull().default('0'),
    /** Adverse points on stop exits. */
    stopSlippage: numeric({ precision: 20, scale: 6 }).notNull().default('0'),
    /** queued | running | done | failed */
    status: text().notNull().default('queued'),
    /** 0–100 */
    progress: integer().notNull().default(0),
    result: jsonb(),
    error: text(),
    ...timestamps(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);

/**
 * One-minute bars fetched from the market-data broker, shared by every backtest: history does
 * not change, so a range is fetched once. Prices keep the broker's digits.
 */
export const marketBars = pgTable(
  'market_bars',
  {
    instrument: text().notNull(),
    /** Open time of the minute. */
    t: timestamp({ withTimezone: true }).notNull(),
    o: numeric({ precision: 20, scale: 6 }).notNull(),
    h: numeric({ precision: 20, scale: 6 }).notNull(),
    l: numeric({ precision: 20, scale: 6 }).notNull(),
    c: numeric({ precision: 20, scale: 6 }).notNull(),
    v: numeric({ precision: 20, scale: 6 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.instrument, t.t] })],
);

/**
 * The time ranges already asked of the broker per instrument, merged into disjoint spans.
 * Bars alone cannot tell a fetched weekend (no bars) from a range never fetched.
 */
export const marketBarRanges = pgTable(
  'market_bar_ranges',
  {
    instrument: text().notNull(),
    /** First and last minute (open times) covered, both included. */
    fromT: timestamp({ withTimezone: true }).notNull(),
    toT: timestamp({ withTimezone: true }).notNull(),
    fetchedAt: nowByDefault(),
  },
  (t) => [primaryKey({ columns: [t.instrument, t.fromT] })],
);
