import { customType, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** A moment set by the database when the row is written (every moment is stored with its zone). */
export const nowByDefault = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** When a row was created and last changed. */
export const timestamps = () => ({ createdAt: nowByDefault(), updatedAt: nowByDefault() });

/** Raw bytes: node-postgres answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A member's image kept in the database so every app instance serves it (journal screenshots,
 * community post images): its sniffed type and size, the bytes, and the browser's small copy.
 */
export const storedImage = () => ({
  contentType: text().notNull(),
  size: integer().notNull(),
  image: bytea().notNull(),
  thumbnailType: text(),
  thumbnail: bytea(),
});
