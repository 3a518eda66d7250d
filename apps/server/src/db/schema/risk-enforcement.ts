import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { nowByDefault, timestamps } from './columns.ts';
import { memberId } from './members.ts';
import { tradingAccounts } from './trading-accounts.ts';

/**
 * The Risk Manager's watch over one protected account: the start-of-day balance of the Toronto
 * trading day, the lock (until when, which rule, the numbers that tripped it) and the lease an
 * enforcement pass takes so two app instances never act on the account at once.
 */
export const riskAccountStates = pgTable(
  'risk_account_states',
  {
    tradingAccountId: uuid()
      .primaryKey()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    userId: memberId(),
    /** Toronto trading date (YYYY-MM-DD) of startBalance. */
    tradingDay: text(),
    startBalance: numeric({ precision: 20, scale: 2 }),
    lockedUntil: timestamp({ withTimezone: true }),
    lockedAt: timestamp({ withTimezone: true }),
    /** The first rule broken; lockRules names every rule the breaking check found broken. */
    lockRule: text(),
    lockRules: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lockNumbers: jsonb(),
    /** The last pass's broker trouble, shown on /risk; a lost connection never unlocks. */
    lastError: text(),
    lastCheckedAt: timestamp({ withTimezone: true }),
    /**
     * The last check saw open positions or working orders: the account can breach between two
     * checks, so the worker checks it on the fast cadence (jobs.ts) instead of every five seconds.
     */
    exposed: boolean().notNull().default(false),
    leaseOwner: text(),
    leaseUntil: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index().on(t.userId)],
);

/** The review log: each breach (the account was flattened and locked) and each warning. */
export const riskEvents = pgTable(
  'risk_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberId(),
    tradingAccountId: uuid()
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    accountLabel: text().notNull(),
    kind: text({ enum: ['breach', 'warning', 'relock'] }).notNull(),
    /** The rule tripped (the first, when one check found several): daily_loss, trade_loss, trades_per_day, open_lots, session, cooldown, locked. */
    rule: text().notNull(),
    /** Every rule the check found broken, in the order of the rules on /risk. */
    rules: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tradingDay: text().notNull(),
    /** What tripped it: the limit and the value seen (money as decimal text). */
    numbers: jsonb().notNull(),
    message: text().notNull(),
    lockedUntil: timestamp({ withTimezone: true }),
    createdAt: nowByDefault(),
  },
  (t) => [index().on(t.userId, t.createdAt), index().on(t.tradingAccountId, t.tradingDay)],
);

/**
 * Each action a breach plans (cancel an order, close a position, pause the account's bots),
 * written before anything is sent and marked done once the broker confirms it or no longer
 * lists its target, so a restart mid-flatten resumes without acting twice.
 */
export const riskActions = pgTable(
  'risk_actions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint({ mode: 'number' })
      .notNull()
      .references(() => riskEvents.id, { onDelete: 'cascade' }),
    userId: memberId(),
    tradingAccountId: uuid()
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['cancel_order', 'close_position', 'pause_bots'] }).notNull(),
    /** The broker's order or position id, or the account id for pause_bots. */
    target: text().notNull(),
    detail: text().notNull(),
    status: text({ enum: ['planned', 'sent', 'done', 'failed'] }).notNull().default('planned'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [unique('risk_actions_event_target_key').on(t.eventId, t.kind, t.target), index().on(t.tradingAccountId, t.status), index().on(t.userId)],
);
