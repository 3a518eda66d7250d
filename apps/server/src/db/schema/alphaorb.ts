import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
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
 * An AlphaORB bot: its member-facing settings (§3.2) plus the engine settings that have no
 * input yet (stored in `engine` as JSON so new rules need no migration). A bot belongs to one
 * linked trading account and disappears with it.
 */
export const alphaorbBots = pgTable(
  'alphaorb_bots',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: memberId(),
    tradingAccountId: uuid()
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    instrumentId: text().notNull(),
    instrumentSymbol: text().notNull(),
    /** The broker's route ids for orders and for market data, resolved when the bot is saved. */
    tradeRouteId: text(),
    infoRouteId: text(),
    timezone: text().notNull().default('America/New_York'),
    orbMinutes: integer().notNull().default(5),
    orbStartLocal: text().notNull().default('09:30'),
    runDays: jsonb().$type<string[]>().notNull(),
    lotSize: numeric().notNull().default('1'),
    orderType: text({ enum: ['limit', 'market'] })
      .notNull()
      .default('limit'),
    maxSpread: numeric(),
    riskMaxDailyTrades: integer().notNull().default(1),
    riskMaxDailyLoss: numeric(),
    testMode: boolean().notNull().default(false),
    /** false = paused: upcoming runs do not start (an active run continues). */
    enabled: boolean().notNull().default(true),
    engine: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    lastRunAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index().on(t.userId), index().on(t.tradingAccountId)],
);

/**
 * One trading day of a bot. `engine` is the engine's plain-JSON run state and `settings` the
 * settings it was armed with; steps and metrics are stored beside it for the screens. `paper`
 * holds the paper broker of a test-mode run. `cursor` is the start of the last bar fed in.
 */
export const alphaorbBotRuns = pgTable(
  'alphaorb_bot_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    botId: uuid()
      .notNull()
      .references(() => alphaorbBots.id, { onDelete: 'cascade' }),
    userId: memberId(),
    tradingDay: text().notNull(),
    state: text().notNull(),
    testMode: boolean().notNull(),
    engine: jsonb().$type<Record<string, unknown>>().notNull(),
    settings: jsonb().$type<Record<string, unknown>>().notNull(),
    steps: jsonb().$type<unknown[]>().notNull(),
    metrics: jsonb().$type<Record<string, unknown>>().notNull(),
    paper: jsonb().$type<Record<string, unknown>>(),
    cursor: timestamp({ withTimezone: true }),
    /** Bumped on every write: the runner and the API controls never overwrite each other. */
    version: integer().notNull().default(0),
    scheduledAt: timestamp({ withTimezone: true }).notNull(),
    armAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    unique('alphaorb_bot_runs_day_key').on(t.botId, t.tradingDay),
    index().on(t.userId, t.state),
  ],
);

/** The run's log as the monitor shows it, one row per engine log action. */
export const alphaorbBotRunEvents = pgTable(
  'alphaorb_bot_run_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    runId: uuid()
      .notNull()
      .references(() => alphaorbBotRuns.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull(),
    level: text({ enum: ['info', 'warn', 'error'] }).notNull(),
    message: text().notNull(),
  },
  (t) => [index().on(t.runId, t.id)],
);

/**
 * Every entry order a run decided to send, written BEFORE it is sent: after a crash the
 * runner finds rows without a broker id and asks the broker by client order id (strategyId)
 * before sending anything again.
 */
export const alphaorbBotOrders = pgTable(
  'alphaorb_bot_orders',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    runId: uuid()
      .notNull()
      .references(() => alphaorbBotRuns.id, { onDelete: 'cascade' }),
    clientOrderId: text().notNull().unique(),
    brokerOrderId: text(),
    positionId: text(),
    side: text({ enum: ['buy', 'sell'] }).notNull(),
    orderType: text().notNull(),
    qty: numeric().notNull(),
    price: numeric(),
    stopLoss: numeric(),
    takeProfit: numeric(),
    status: text().notNull().default('pending'),
    ...timestamps(),
  },
  (t) => [index().on(t.runId)],
);

/** Which process drives a bot: a lease renewed every pass, taken over once it expires. */
export const alphaorbRunnerLeases = pgTable('alphaorb_runner_leases', {
  botId: uuid()
    .primaryKey()
    .references(() => alphaorbBots.id, { onDelete: 'cascade' }),
  owner: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
