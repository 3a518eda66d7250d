import { timestamp } from 'drizzle-orm/pg-core';

/** A moment set by the database when the row is written (every moment is stored with its zone). */
export const nowByDefault = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** When a row was created and last changed. */
export const timestamps = () => ({ createdAt: nowByDefault(), updatedAt: nowByDefault() });
