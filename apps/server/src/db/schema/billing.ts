import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { nowByDefault, timestamps } from './columns.ts';
import { users } from './members.ts';

/**
 * A member's current membership. Stripe-backed rows mirror Stripe's subscription; internal
 * and skool rows are managed by staff or created by the join flow without a payment provider.
 */
export const subscriptions = pgTable('subscriptions', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  vendor: text().notNull(),
  planKey: text().notNull(),
  planName: text().notNull(),
  status: text().notNull(),
  interval: text().notNull().default('year'),
  intervalCount: integer().notNull().default(1),
  /** Price per interval in minor units. */
  unitAmount: integer(),
  currency: text().notNull().default('usd'),
  currentPeriodEnd: timestamp({ withTimezone: true }),
  trialEnd: timestamp({ withTimezone: true }),
  /** When the member was told an internal trial is about to end (once per trial end). */
  trialRemindedAt: timestamp({ withTimezone: true }),
  cancelAtPeriodEnd: boolean().notNull().default(false),
  cancelAt: timestamp({ withTimezone: true }),
  stripeCustomerId: text(),
  stripeSubscriptionId: text().unique(),
  ...timestamps(),
});

/**
 * Every Stripe webhook event applied, by Stripe's event id. Inserted in the same transaction
 * as the event's effect, so a redelivered event is recognised and changes nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  /** Stripe's `created`: when the event happened, not when it reached us. */
  occurredAt: timestamp({ withTimezone: true }).notNull(),
  processedAt: nowByDefault(),
});
