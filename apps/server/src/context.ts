import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { JobQueue } from './jobs/index.ts';
import type { ErrorReporter } from './lib/error-reporting.ts';
import type { Mailer } from './modules/mail/mailer.ts';

/**
 * What every service needs from the outside world, passed explicitly so routes, jobs and
 * tests call the same functions. `now` is injectable so time-dependent rules are testable.
 */
export type AppContext = {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  mailer: Mailer;
  jobs: JobQueue;
  log: Logger;
  /** Unexpected failures to the operators' error service (a no-op without SENTRY_DSN). */
  errors: ErrorReporter;
  now: () => Date;
};

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
};
