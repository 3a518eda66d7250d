import { bigint, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { nowByDefault } from './columns.ts';
import { memberId } from './members.ts';
import { trades } from './trades.ts';

/**
 * How far price went against (MAE) and for (MFE) each measured trade while it was open, from the
 * one-minute bar cache, so reports can read them without bars. Written when a trade's chart is
 * first drawn and by the backfill job. 'unavailable' marks a trade that can never be measured
 * (no times, an instrument without market data, too long): the backfill skips it. Money and R
 * are null where the trade has no size or no risk.
 */
export const tradeExcursions = pgTable(
  'trade_excursions',
  {
    tradeId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => trades.id, { onDelete: 'cascade' }),
    userId: memberId(),
    /** measured | unavailable */
    status: text({ enum: ['measured', 'unavailable'] }).notNull(),
    reason: text(),
    maePoints: numeric(),
    mfePoints: numeric(),
    maeMoney: numeric(),
    mfeMoney: numeric(),
    maeR: numeric(),
    mfeR: numeric(),
    leftOnTableMoney: numeric(),
    leftOnTableR: numeric(),
    /** The trade's updated_at when measured: a later edit of its prices or times re-measures it. */
    tradeUpdatedAt: timestamp({ withTimezone: true }).notNull(),
    measuredAt: nowByDefault(),
  },
  (t) => [index().on(t.userId)],
);
