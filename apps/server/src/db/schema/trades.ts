import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { memberId } from './members.ts';
import { tradingAccounts } from './trading-accounts.ts';

/**
 * Every closed trade of a member: entered by hand (manual), imported from a linked account
 * (linked, idempotent on the broker's position id) or recorded by an AlphaORB run (bot, once
 * per run and leg). Amounts stay exact `numeric`; trade_date is the Toronto date of the exit,
 * else the entry, computed on write so the calendar can group in SQL.
 */
export const trades = pgTable(
  'trades',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: memberId(),
    tradingAccountId: uuid().references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    // 'paper': an AlphaORB test-mode trade. It never reached a broker, so unlike a live bot
    // trade ('bot', which the broker sync imports as 'linked') it belongs in the journal itself.
    source: text({ enum: ['manual', 'linked', 'bot', 'paper'] }).notNull(),
    brokerPositionId: text(),
    entryOrderId: text(),
    exitOrderId: text(),
    instrument: text().notNull(),
    side: text({ enum: ['buy', 'sell'] }).notNull(),
    type: text(),
    quantity: numeric(),
    entryTime: timestamp({ withTimezone: true }),
    exitTime: timestamp({ withTimezone: true }),
    entryPrice: numeric(),
    exitPrice: numeric(),
    stopLoss: numeric(),
    takeProfit: numeric(),
    fee: numeric(),
    swap: numeric(),
    grossPnl: numeric(),
    netPnl: numeric(),
    notes: text(),
    accountLabel: text(),
    accountIdentifier: text(),
    tradeDate: date({ mode: 'string' }),
    // AlphaORB fields (source 'bot'): the bot and run are identified by the bots module's ids.
    botId: text(),
    botRunId: text(),
    botLeg: integer(),
    botLabel: text(),
    orbStart: text(),
    orbRangeMinutes: integer(),
    winLoss: text({ enum: ['win', 'loss', 'flat'] }),
    rr: numeric(),
    stopPrice: numeric(),
    riskAmount: numeric(),
    contractSize: numeric(),
    valuePerPoint: numeric(),
    orderStatus: text(),
    ...timestamps(),
  },
  (t) => {
    // The journal reads only manual and linked trades; bot trades have their own index.
    const journal = sql`${t.source} <> 'bot'`;
    return [
      index('trades_user_entry_idx').on(t.userId, t.entryTime.desc(), t.id.desc()).where(journal),
      // net_pnl and side ride along as trailing keys so calendar sums and filtered counts are
      // answered from the index alone (index-only scans), without visiting every trade row.
      index('trades_user_date_net_idx').on(t.userId, t.tradeDate, t.netPnl).where(journal),
      index('trades_user_account_idx').on(t.userId, t.tradingAccountId, t.entryTime.desc()),
      index('trades_user_instrument_entry_idx')
        .on(t.userId, t.instrument, t.entryTime.desc(), t.side)
        .where(journal),
      // Loose index scans over these give the trade log's filter suggestions cheaply.
      index('trades_user_type_idx').on(t.userId, t.type).where(journal),
      index('trades_user_side_idx').on(t.userId, t.side).where(journal),
      // Trades tied to no linked account (manual ones) are grouped by their account label.
      index('trades_unlinked_label_idx')
        .on(t.userId, t.accountLabel)
        .where(sql`${t.tradingAccountId} is null`),
      index('trades_user_bot_idx')
        .on(t.userId, t.botId, t.exitTime.desc())
        .where(sql`${t.source} = 'bot'`),
      unique('trades_broker_position_key').on(t.userId, t.tradingAccountId, t.brokerPositionId),
      unique('trades_bot_leg_key').on(t.userId, t.botRunId, t.botLeg),
    ];
  },
);

/**
 * A member's journal data version: bumped by statement-level triggers (see the migration) in
 * the same transaction as any write to their trades or linked accounts, whoever the writer is
 * (sync, manual entry, import, AlphaORB, deletes). Answers derived only from those rows can be
 * reused for as long as the revision has not moved. No foreign key: a member's deletion
 * cascades to their trades, and the trigger must not trip over the vanished member.
 */
export const tradeRevisions = pgTable('trade_revisions', {
  userId: uuid().primaryKey(),
  revision: bigint({ mode: 'number' }).notNull(),
  /**
   * Moves with any write to the member's journal entries and journal days (the report's
   * journal breakdowns read them); the trade list does not, so it keeps its answers.
   */
  journalRevision: bigint({ mode: 'number' }).notNull().default(0),
  /** Moves with any write to the member's lesson progress (their course answers). */
  courseRevision: bigint({ mode: 'number' }).notNull().default(0),
  /** Moves with any write to the member's AlphaORB bots and their runs (the AlphaORB overview). */
  botRevision: bigint({ mode: 'number' }).notNull().default(0),
  /** Moves with any write to the member's notifications (the bell's unread count). */
  notificationRevision: bigint({ mode: 'number' }).notNull().default(0),
  /**
   * Moves with any write to the member's own record as /api/me shows it: their user row,
   * subscription and roles (a role's permissions too). Their linked accounts move `revision` and
   * their bots `botRevision`, which the profile's version also names.
   */
  profileRevision: bigint({ mode: 'number' }).notNull().default(0),
});
