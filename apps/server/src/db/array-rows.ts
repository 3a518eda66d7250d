import type { Query } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * A statement built by drizzle, run as drizzle runs its own (node-postgres: under `name` when
 * given, so prepared once per connection) but with its rows left as the driver reads them in
 * array mode, each made the caller's by `row`. Drizzle maps each row by looping over its columns
 * into a new object, decoding each value (a timestamp's text parsed into a Date): for reads that
 * take many rows, the caller's own shape is far cheaper. In array mode both drivers hand back
 * timestamps and dates as their text, numerics and bigints as text, float8 as numbers.
 */
export function arrayRowsQuery<T>(db: Executor, query: { toSQL: () => Query }, row: (values: unknown[]) => T, name?: string) {
  return db._.session.prepareQuery<{ execute: T[]; all: unknown; values: unknown }>(query.toSQL(), undefined, name, true, (rows) =>
    rows.map(row),
  );
}
