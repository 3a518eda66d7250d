import type { Database } from './client.ts';

/**
 * A statement every request runs, built once per database: drizzle composes its SQL once and
 * PostgreSQL parses and plans it once per connection (it is sent by name). Values go in through
 * `sql.placeholder(...)` and `.execute({...})`.
 */
export function prepared<Q>(build: (db: Database) => Q): (db: Database) => Q {
  const byDatabase = new WeakMap<Database, Q>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) byDatabase.set(db, (query = build(db)));
    return query;
  };
}
