import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The version of each family of shared staff content (levels, market events, courses, live
 * sessions), bumped by statement-level triggers (migration 0008) in the same transaction as any
 * write to that family's tables, whoever the writer is (staff screens, importers, jobs). Members'
 * repeated reads of that content are answered from memory while it has not moved
 * (lib/revisioned-answers.ts). Written only by those triggers.
 */
export const contentRevisions = pgTable('content_revisions', {
  family: text().primaryKey(),
  revision: bigint({ mode: 'number' }).notNull(),
});
