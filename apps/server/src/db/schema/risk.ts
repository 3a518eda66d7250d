import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { nowByDefault, timestamps } from './columns.ts';
import { memberId } from './members.ts';
import { tradingAccounts } from './trading-accounts.ts';

/** One set of Risk Manager rules; a null limit is a rule not set. Shared by presets and accounts. */
const ruleColumns = () => ({
  dailyLossMode: text({ enum: ['money', 'percent'] }),
  /** Money, or percent of the start-of-day balance, by dailyLossMode. */
  dailyLossValue: numeric({ precision: 20, scale: 2 }),
  maxTradeLoss: numeric({ precision: 20, scale: 2 }),
  maxTradesPerDay: integer(),
  maxOpenLots: numeric({ precision: 12, scale: 2 }),
  /** Session names of trading-tools §4.4 (Toronto time); empty allows every session. */
  allowedSessions: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  cooldownLosses: integer(),
  cooldownMinutes: integer(),
  warnOnly: boolean().notNull().default(false),
});

/** A member's named set of rules, applied to several accounts at once. */
export const riskPresets = pgTable(
  'risk_presets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: memberId(),
    name: text().notNull(),
    ...ruleColumns(),
    ...timestamps(),
  },
  (t) => [unique('risk_presets_user_name_key').on(t.userId, t.name)],
);

/** The rules that protect one linked account (at most one set per account). */
export const riskAccountRules = pgTable(
  'risk_account_rules',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: memberId(),
    tradingAccountId: uuid()
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    /** The preset last applied, while the rules are still its own. */
    presetId: uuid().references(() => riskPresets.id, { onDelete: 'set null' }),
    ...ruleColumns(),
    ...timestamps(),
  },
  (t) => [unique('risk_account_rules_account_key').on(t.tradingAccountId), index().on(t.userId)],
);

/** Every change of a member's rules and presets, with the rules before and after (the review log). */
export const riskRuleChanges = pgTable(
  'risk_rule_changes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberId(),
    subject: text({ enum: ['account', 'preset'] }).notNull(),
    /** The trading account or preset changed; kept as text so the entry outlives it. */
    subjectId: text().notNull(),
    subjectLabel: text().notNull(),
    action: text({ enum: ['set', 'removed', 'created', 'deleted', 'applied'] }).notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: nowByDefault(),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);
