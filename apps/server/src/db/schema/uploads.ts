import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, nowByDefault } from './columns.ts';

/**
 * Images staff upload for courses and sessions (and the demo artwork), served at
 * /uploads/<name>. The bytes live in the database every instance reaches, so an image uploaded
 * through one instance is served by all. Who uploaded is in the audit log (`upload.created`).
 */
export const uploads = pgTable('uploads', {
  /** The random name of UPLOAD_NAME: 32 hex characters and the sniffed format's extension. */
  name: text().primaryKey(),
  contentType: text().notNull(),
  size: integer().notNull(),
  bytes: bytea().notNull(),
  createdAt: nowByDefault(),
});
