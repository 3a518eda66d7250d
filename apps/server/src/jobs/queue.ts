import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { DatabaseHandle } from '../db/client.ts';

/**
 * A background job: an id, a payload schema, an optional cron, an idempotent handler and its
 * retry policy. The policy lives here, on the queue, and nowhere else: senders cannot change it
 * (see `JobSendOptions`), so what a job does on failure is read in one place.
 */
export type JobDefinition<Payload = unknown, Name extends string = string> = {
  name: Name;
  payload: z.ZodType<Payload>;
  /** Cron in UTC; pg-boss schedules it once across all instances. */
  cron?: string;
  /** Handlers may run again after a crash or a retry: they must be idempotent. */
  handler: (ctx: AppContext, payload: Payload) => Promise<void>;
  /** Stated by every job: pg-boss's own default (two retries) is wrong for broker calls. */
  retryLimit: number;
  /** Seconds before the first retry; with `retryBackoff` each next wait doubles. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A job still active after this many seconds is failed (and retried if it may be). */
  expireInSeconds?: number;
};

/** The queue options pg-boss keeps for a job, from its definition. */
export function queueOptionsOf(job: JobDefinition): PgBoss.Queue {
  const { name, retryLimit, retryDelay, retryBackoff, expireInSeconds } = job;
  // pg-boss validates options present with value undefined: leave unset ones out.
  return {
    name,
    retryLimit,
    ...(retryDelay === undefined ? {} : { retryDelay }),
    ...(retryBackoff === undefined ? {} : { retryBackoff }),
    ...(expireInSeconds === undefined ? {} : { expireInSeconds }),
  };
}

/** What a sender may choose per job: de-duplication, timing and order; never the retry policy. */
export type JobSendOptions = Pick<PgBoss.SendOptions, 'singletonKey' | 'singletonSeconds' | 'startAfter' | 'priority'>;

/** Keeps the job's name and payload types, so `ctx.jobs.send` can check what is sent. */
export const defineJob = <Payload, const Name extends string>(job: JobDefinition<Payload, Name>) => job;

/**
 * pg-boss talks to PostgreSQL through `executeSql`, so one adapter serves both engines. PGlite
 * cannot run several statements in one parameterised query: those go through `exec`.
 */
function executorFor(database: DatabaseHandle) {
  return {
    executeSql: async (text: string, values?: unknown[]) =>
      database.kind === 'pglite' && (!values || values.length === 0)
        ? { rows: await database.exec(text) }
        : { rows: await database.query(text, values ?? []) },
  };
}

/** `background: false` (tests) turns off maintenance and cron timers. */
export function createBoss(database: DatabaseHandle, { background = true } = {}) {
  return new PgBoss({
    db: executorFor(database),
    schema: 'pgboss',
    supervise: background,
    schedule: background,
  });
}
