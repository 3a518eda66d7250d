import type { Executor } from './client.ts';

/**
 * A statement every request runs, built once per database: drizzle composes its SQL once and
 * PostgreSQL parses and plans it once per connection (it is sent by name). Values go in through
 * `sql.placeholder(...)` and `.execute({...})`. A transaction is its own executor, so it builds
 * its own (it is dropped with the transaction).
 */
export function prepared<D extends Executor, Q>(build: (db: D) => Q): (db: D) => Q {
  const byDatabase = new WeakMap<D, Q>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) byDatabase.set(db, (query = build(db)));
    return query;
  };
}
