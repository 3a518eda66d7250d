import { integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { memberId } from './members.ts';
import { tradingAccounts } from './trading-accounts.ts';

/**
 * Where the next trade sync of a linked account starts, and who is syncing it right now.
 * `historyFrom` stays at or before the opening of every position still open at the last sync,
 * so a position closed later is always rebuilt from both of its fills. `leaseUntil` makes a
 * sync exclusive across the member's button, the background job and every instance.
 */
export const tradingAccountSyncs = pgTable('trading_account_syncs', {
  tradingAccountId: uuid()
    .primaryKey()
    .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
  userId: memberId(),
  historyFrom: timestamp({ withTimezone: true }),
  leaseUntil: timestamp({ withTimezone: true }),
  lastAttemptAt: timestamp({ withTimezone: true }),
  lastDurationMs: integer(),
  consecutiveFailures: integer().notNull().default(0),
});
