import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Hits per rate-limit key in its current window, shared by every app instance: a limit kept in
 * one process's memory would give an attacker N times the attempts behind N instances.
 * Expired rows are reset in place by the next hit and swept by a job.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});
