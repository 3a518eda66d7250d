import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { JobClient } from './jobs/index.ts';
import type { ErrorReporter } from './lib/error-reporting.ts';
import type { Caller } from './modules/alphaorb/broker.ts';
import type { Runner } from './modules/alphaorb/runner.ts';
import type { BrokerInstrument, TradeLockerClient } from './modules/broker/tradelocker/index.ts';
import { createMetrics, type Metrics } from './lib/metrics.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { TradeAnswers } from './modules/trades/revisions.ts';
import type { KeptTrades } from './modules/trades/kept-trades.ts';
import type { RevisionedAnswers } from './lib/revisioned-answers.ts';

/**
 * What every service needs from the outside world, passed explicitly so routes, jobs and
 * tests call the same functions. `now` is injectable so time-dependent rules are testable.
 */
export type AppContext = {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  mailer: Mailer;
  jobs: JobClient;
  log: Logger;
  /** Unexpected failures to the operators' error service (a no-op without SENTRY_DSN). */
  errors: ErrorReporter;
  now: () => Date;
  /** What this process keeps between requests (each test app has its own). */
  memory: ProcessMemory;
};

/**
 * Per-process state, explicit rather than hidden in module-level maps: metrics, caches of answers
 * and broker data, the broker clients with their rate windows, and the AlphaORB runner. Modules fill
 * their part on first use.
 */
export type ProcessMemory = {
  /** lib/metrics.ts: this instance's Prometheus registry, served at /metrics. */
  metrics: Metrics;
  /** modules/trades/revisions.ts: the journal's answers per member and revision. */
  tradeAnswers: TradeAnswers | null;
  /** modules/trades/kept-trades.ts: trades as the trade log sends them, per member and trade revision. */
  keptTrades: KeptTrades | null;
  /** modules/trades/revisions.ts: the reports' answers per member, trade and journal revision. */
  reportAnswers: TradeAnswers | null;
  /** modules/trades/revisions.ts: each journal filter's trade ids per member, trade and journal revision. */
  filterTradeIds: TradeAnswers | null;
  /** lib/revisioned-answers.ts: shared content and members' other repeated reads, by revision. */
  revisionedAnswers: RevisionedAnswers | null;
  /** modules/alphaorb/accounts.ts: each trading account's instrument list, briefly. */
  botInstruments: Map<string, { at: number; list: BrokerInstrument[] }>;
  /** modules/alphaorb/broker.ts: the one market-data login every paper bot reads prices from. */
  marketData: Promise<Caller | null> | null;
  /** modules/alphaorb/controls.ts: the price bars of a shown run, briefly. */
  runCharts: Map<string, { at: number; bars: Array<{ t: number; o: number; h: number; l: number; c: number }> }>;
  /** modules/alphaorb/jobs.ts: this worker process's runner loop, once started. */
  runner: Runner | null;
  /** modules/trading-accounts/broker-session.ts: one TradeLocker client per host. */
  brokerClients: Map<string, TradeLockerClient>;
};

export function createProcessMemory(): ProcessMemory {
  return { metrics: createMetrics(), tradeAnswers: null, keptTrades: null, reportAnswers: null, filterTradeIds: null, revisionedAnswers: null, botInstruments: new Map(), marketData: null, runCharts: new Map(), runner: null, brokerClients: new Map() };
}

/** The signed-in person a request acts for. */
export type AuthContext = {
  userId: string;
  tokenId: number;
  email: string;
  status: 'active' | 'suspended';
  permissions: ReadonlySet<string>;
  /**
   * The member's trade revision as of this request (modules/trades/revisions.ts), read with the
   * token so the journal's cached reads cost no extra round trip.
   */
  tradeRevision: number;
  /** Its journal revision likewise: moves with the member's journal entries and days. */
  journalRevision: number;
  /** Likewise for their lesson progress (migration 0008). */
  courseRevision: number;
  /** Likewise for their AlphaORB bots and runs (migration 0008). */
  botRevision: number;
  /** Likewise for their notifications (migration 0031): the bell's count is kept per revision. */
  notificationRevision: number;
  /** Likewise for their user row, subscription and roles (migration 0032): /api/me is kept per revision. */
  profileRevision: number;
  /** The shared staff content's revisions as of this request, read with the token too. */
  contentRevisions: Readonly<ContentRevisions>;
  /** Their community restrictions in force at this request, read with the token too. */
  communityStanding: Readonly<CommunityStanding>;
  /** Each community channel's page revision (by channel id) as of this request, read with the token too. */
  pageRevisions: ReadonlyMap<string, number>;
};

/** A member's standing in the community: a suspended member may not read it, a muted one may not post. */
export type CommunityStanding = { suspended: boolean; mutedUntil: Date | null };

/** The families of shared staff content, each with its revision (migration 0008's triggers; the community's channels, 0031). */
export type ContentFamily = 'levels' | 'market-events' | 'courses' | 'live-sessions' | 'community-channels';
export type ContentRevisions = Record<ContentFamily, number>;
