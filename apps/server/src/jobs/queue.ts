import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { DatabaseHandle } from '../db/client.ts';

/** A background job: an id, a payload schema, an optional cron and an idempotent handler. */
export type JobDefinition<Payload = unknown, Name extends string = string> = {
  name: Name;
  payload: z.ZodType<Payload>;
  /** Cron in UTC; pg-boss schedules it once across all instances. */
  cron?: string;
  /** Handlers may run again after a crash or a retry: they must be idempotent. */
  handler: (ctx: AppContext, payload: Payload) => Promise<void>;
  retryLimit?: number;
};

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
