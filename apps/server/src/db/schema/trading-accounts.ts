import { index, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { memberId } from './members.ts';

/** A broker account a member linked. Broker tokens are AES-256-GCM encrypted under APP_KEY. */
export const tradingAccounts = pgTable(
  'trading_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: memberId(),
    platform: text().notNull().default('tradelocker'),
    environment: text({ enum: ['live', 'demo'] }).notNull(),
    brokerAccountId: text().notNull(),
    accNum: text(),
    name: text().notNull(),
    label: text(),
    currency: text().notNull().default('USD'),
    balance: numeric({ precision: 20, scale: 2 }),
    brokerStatus: text(),
    status: text({ enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    connection: text({ enum: ['healthy', 'needs_relink', 'error'] })
      .notNull()
      .default('healthy'),
    server: text(),
    brokerEmail: text(),
    credentialsEnc: text(),
    tokenExpiresAt: timestamp({ withTimezone: true }),
    lastSyncedAt: timestamp({ withTimezone: true }),
    lastSyncError: text(),
    ...timestamps(),
  },
  (t) => [
    unique().on(t.userId, t.platform, t.environment, t.brokerAccountId),
    index().on(t.userId),
  ],
);
