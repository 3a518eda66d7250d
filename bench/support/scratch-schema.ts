/**
 * What the benches that seed the app's schema with raw SQL share: the schema migrated by the
 * app's own migrations and a client to fill it, bench members' bearer tokens, the load average.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { sha256 } from '../../apps/server/src/lib/secrets.ts';

/** Member n's bearer token in a bench: derived, so a kept database needs no token file. */
export const benchToken = (bench: string, n: number) => sha256(`bench-${bench}-${n}`);

/** The load average over 1, 5 and 15 minutes, printed beside every figure (the machine is shared). */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Migrates the database at `url` with the app's migrations and answers a client to seed it with. */
export async function migratedClient(url: string): Promise<pg.Client> {
  const { openDatabase } = await import('../../apps/server/src/db/client.ts');
  const database = await openDatabase({ url, poolSize: 2 });
  await database.migrate();
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}
