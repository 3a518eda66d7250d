import { date, integer, numeric, pgTable, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';

/*
 * Rollups of the performance report, kept by database triggers on every statement that writes
 * trades (migration 0002): a 100,000-trade member's report reads a few thousand rows instead of
 * every trade. They hold a member's journal trades (not bot runs, net P&L known), keyed by the
 * report's account filter: `account_key` is a linked account's id, `label:` + the account label
 * of a trade tied to no linked account, or `unlabeled`. No foreign key on user_id: a member's
 * deletion cascades to their trades, and the trigger must not trip over the vanished member.
 * A null trade date stands for the trades that have none (all-time reports only).
 */

/**
 * One row per member, account key and trade date, plus the same under `*` (every account):
 * the day's figures and the summary of its trades in order (by close, then id) that the
 * report chains day after day into the trade-by-trade max drawdown and streaks. Equity is the
 * running net from the day's start; a run is a stretch of same-sign trades (a flat ends it).
 */
export const reportDays = pgTable(
  'report_days',
  {
    userId: uuid().notNull(),
    accountKey: text().notNull(),
    tradeDate: date({ mode: 'string' }),
    trades: integer().notNull(),
    wins: integer().notNull(),
    losses: integer().notNull(),
    grossWin: numeric().notNull(),
    grossLoss: numeric().notNull(),
    largestWin: numeric(),
    largestLoss: numeric(),
    lowEquity: numeric().notNull(),
    highEquity: numeric().notNull(),
    /** Largest fall from the day's own running peak of equity. */
    drawdown: numeric().notNull(),
    /** Sign of the first and last trade (−1, 0, 1) and the length of their runs (0 when flat). */
    firstSign: smallint().notNull(),
    firstRun: integer().notNull(),
    lastSign: smallint().notNull(),
    lastRun: integer().notNull(),
    longestWin: integer().notNull(),
    longestLoss: integer().notNull(),
  },
  (t) => [unique('report_days_key').on(t.userId, t.tradeDate, t.accountKey).nullsNotDistinct()],
);

/**
 * One row per member, month, account key and breakdown (direction, session, instrument,
 * weekday, hour of entry) value: the additive figures. Every dimension's rows also carry the
 * R multiple sums of their trades; the report reads them from the instrument rows, where
 * point_r (R before dividing by the instrument's value per point, for trades without a
 * risk of their own) meets the shared instrument table.
 */
export const reportMonths = pgTable(
  'report_months',
  {
    userId: uuid().notNull(),
    month: date({ mode: 'string' }),
    accountKey: text().notNull(),
    dim: text().notNull(),
    key: text().notNull(),
    trades: integer().notNull(),
    wins: integer().notNull(),
    losses: integer().notNull(),
    grossWin: numeric().notNull(),
    grossLoss: numeric().notNull(),
    ownRSum: numeric().notNull(),
    ownRCount: integer().notNull(),
    pointRSum: numeric().notNull(),
    pointRCount: integer().notNull(),
  },
  (t) => [
    unique('report_months_key')
      .on(t.userId, t.month, t.accountKey, t.dim, t.key)
      .nullsNotDistinct(),
  ],
);
