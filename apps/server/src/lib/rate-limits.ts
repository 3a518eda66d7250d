import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { defineJob } from '../jobs/queue.ts';

type Hit = { current: number; ttl: number };

/** The answer of every limit people meet (sign-in, resets, credentials): the spec's words. */
export const tooManyAttempts = (ttlMs: number) =>
  `Too many attempts. Please wait ${Math.max(1, Math.ceil(ttlMs / 1000))} seconds and try again.`;

/** @fastify/rate-limit's errorResponseBuilder for those limits. */
export const tooManyAttemptsResponse = (_request: unknown, context: { ttl: number }) => ({
  statusCode: 429,
  message: tooManyAttempts(context.ttl),
});
type Callback = (error: Error | null, hit?: Hit) => void;
type LimitOptions = { groupId?: string; routeInfo?: { method?: string | string[]; url?: string } };

/**
 * One statement per counted request: start a fresh window when the key's has ended, else count
 * the hit in it. The row lock of the upsert makes concurrent hits from every instance count once
 * each.
 */
const COUNT_HIT = `
  insert into rate_limit_hits as r (key, hits, reset_at) values ($1, 1, $2::timestamptz + $3 * interval '1 millisecond')
  on conflict (key) do update set
    hits = case when r.reset_at <= $2::timestamptz then 1 else r.hits + 1 end,
    reset_at = case when r.reset_at <= $2::timestamptz then excluded.reset_at else r.reset_at end
  returning hits, extract(epoch from reset_at - $2::timestamptz) * 1000 as ttl`;

const READ_HITS = `
  select hits, extract(epoch from reset_at - $2::timestamptz) * 1000 as ttl
  from rate_limit_hits where key = $1 and reset_at > $2::timestamptz`;

/**
 * The store @fastify/rate-limit counts in, kept in the database every app instance shares.
 * Each route (or named group) gets its own key space, as the plugin's memory store does.
 */
export function databaseRateLimitStore(database: DatabaseHandle, now: () => Date) {
  return class DatabaseRateLimitStore {
    readonly scope: string;

    /** The plugin constructs the root store with its options; `child` passes a scope name. */
    constructor(scope: unknown) {
      this.scope = typeof scope === 'string' ? scope : 'global';
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      database
        .query<{ hits: number; ttl: string | number }>(COUNT_HIT, [`${this.scope}|${key}`, now().toISOString(), timeWindow])
        .then(([row]) => callback(null, { current: row!.hits, ttl: Math.max(0, Math.ceil(Number(row!.ttl))) }))
        .catch((error: Error) => callback(error));
    }

    read(key: string, callback: Callback) {
      database
        .query<{ hits: number; ttl: string | number }>(READ_HITS, [`${this.scope}|${key}`, now().toISOString()])
        .then(([row]) => callback(null, row ? { current: row.hits, ttl: Math.ceil(Number(row.ttl)) } : { current: 0, ttl: 0 }))
        .catch((error: Error) => callback(error));
    }

    /** Called with the limit's merged options (typed by the plugin as route options). */
    child(options: object): DatabaseRateLimitStore {
      const { groupId, routeInfo: route } = options as LimitOptions;
      // Limits made with createRateLimit have no route: their keys carry their own prefix.
      const scope = groupId ?? (route?.url ? `${[route.method ?? ''].flat().join(',')} ${route.url}` : 'custom');
      return new DatabaseRateLimitStore(scope);
    }
  };
}

/** Hourly: forget windows that ended more than an hour ago (the next hit would reset them). */
export const rateLimitSweepJob = defineJob({
  name: 'rate-limits.sweep',
  payload: z.object({}),
  cron: '17 * * * *',
  retryLimit: 0,
  handler: async (ctx: AppContext) => {
    await ctx.database.query(`delete from rate_limit_hits where reset_at < $1::timestamptz - interval '1 hour'`, [
      ctx.now().toISOString(),
    ]);
  },
});

/**
 * A per-member limit for heavy work (imports, exports) on a route: counted after sign-in, in
 * the shared store, under one name so routes can share a count.
 */
export const perMemberLimit = (name: string, max: number, timeWindow = 60_000) => ({
  max,
  timeWindow,
  hook: 'preHandler' as const,
  groupId: name,
  keyGenerator: (request: { auth?: { userId: string } | null; ip: string }) => `${name}|${request.auth?.userId ?? request.ip}`,
  errorResponseBuilder: tooManyAttemptsResponse,
});
