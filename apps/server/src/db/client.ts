import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { installDomainSql } from './domain-sql.ts';
import { asPGlite, startPGliteThread } from './pglite-proxy.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction or the database itself: services accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

const MIGRATION_LOCK = 7_245_001;
const BOOT_LOCK = 7_245_002;

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Raw SQL without parameters, possibly several statements (pg-boss needs this); answers the
   * rows of the last statement.
   */
  exec: (sql: string) => Promise<Record<string, unknown>[]>;
  /** Parameterised raw SQL returning rows. */
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  migrate: () => Promise<void>;
  /**
   * Runs `fn` while no other instance runs its own (PostgreSQL: a session advisory lock; the
   * embedded database has one process). For set-up steps that are not safe when two instances
   * start together, such as pg-boss creating its schema and queues (it deadlocks).
   */
  exclusively: <T>(fn: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
  /**
   * PostgreSQL only: a connection of its own that LISTENs to `channel` and calls `onNotify` for
   * each notification; `onLost` once the connection fails (the caller listens again later).
   * PGlite runs behind a statement proxy on its own thread, which carries no notifications.
   */
  listen?: (channel: string, onNotify: () => void, onLost: (error: unknown) => void) => Promise<{ close: () => Promise<void> }>;
  /** PGlite only: the whole data directory as a gzipped tarball (tests clone from it). */
  dump?: () => Promise<Blob>;
};

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  | { dataDir: string | undefined; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    // JIT off for every statement of the app: they run in milliseconds, and one whose plan is
    // costed over jit_above_cost pays seconds of compiling first (the MAE/MFE backfill's batch
    // statement: 2.3 s compiling, then 35 ms running; a channel's page once 6.5 s). Set at
    // connect, so no statement pays a round trip for it.
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, options: '-c jit=off' });
    // An idle connection cut by the server (restart, failover) is dropped and replaced on the
    // next checkout; without a listener Node would treat the event as fatal and exit.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      exec: async (text) => {
        const result = (await pool.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
        return (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [];
      },
      query: async (text, params) => (await pool.query(text, params)).rows,
      migrate: async () => {
        // Instances starting together take turns: the first migrates, the others find it done.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client), { migrationsFolder });
          await installDomainSql(async (text) => {
            const result = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
            return (Array.isArray(result) ? result[0]?.rows : result.rows) ?? [];
          });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
          client.release();
        }
      },
      exclusively: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [BOOT_LOCK]);
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [BOOT_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      listen: async (channel, onNotify, onLost) => {
        const client = new pg.Client({ connectionString: options.url });
        let lost = false;
        const fail = (error: unknown) => {
          if (lost) return;
          lost = true;
          onLost(error);
          void client.end().catch(() => undefined);
        };
        client.on('error', fail);
        client.on('end', () => fail(new Error('listening connection ended')));
        client.on('notification', () => onNotify());
        try {
          await client.connect();
          await client.query(`listen "${channel.replace(/"/g, '""')}"`);
        } catch (error) {
          lost = true;
          await client.end().catch(() => undefined);
          throw error;
        }
        return {
          close: async () => {
            lost = true;
            await client.end().catch(() => undefined);
          },
        };
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(path.dirname(path.resolve(options.dataDir)), { recursive: true });
  // PGlite runs on its own thread so its statements never hold up requests (pglite-thread.ts).
  const client = await startPGliteThread({
    dataDir: options.dataDir,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(asPGlite(client), { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    exec: async (text) => ((await client.exec(text)).at(-1)?.rows ?? []) as Record<string, unknown>[],
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    migrate: async () => {
      await migratePglite(drizzlePglite(asPGlite(client)), { migrationsFolder });
      await installDomainSql(async (text) => ((await client.exec(text))[0]?.rows ?? []) as Record<string, unknown>[]);
    },
    exclusively: (fn) => fn(),
    close: () => client.close(),
    dump: () => client.dumpDataDir(),
  };
}
