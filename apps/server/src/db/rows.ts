/**
 * The rows of a raw `db.execute(sql…)` result. Both engines answer `{ rows }` (node-postgres'
 * QueryResult, PGlite's Results), which drizzle types only as the driver's result.
 */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
