import { date, index, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * A session's high and low for one instrument on one Toronto trading date, computed by the
 * levels job from the market-data account's one-minute bars. Prices keep the broker's digits.
 */
export const instrumentLevels = pgTable(
  'instrument_levels',
  {
    id: uuid().primaryKey().defaultRandom(),
    instrument: text().notNull(),
    tradeDate: date({ mode: 'string' }).notNull(),
    session: text().notNull(),
    high: numeric({ precision: 20, scale: 6 }).notNull(),
    low: numeric({ precision: 20, scale: 6 }).notNull(),
    highAt: timestamp({ withTimezone: true }).notNull(),
    lowAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [unique().on(t.instrument, t.tradeDate, t.session), index().on(t.tradeDate)],
);
