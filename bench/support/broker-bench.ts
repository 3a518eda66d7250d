/**
 * What the broker benches share: a scratch database with the real migrations (embedded PGlite,
 * or with DATABASE_URL=postgres://… a database of its own on that server, dropped after) and the
 * worker's context against a TradeLocker simulator, with no mail and no job queue.
 */
import pg from 'pg';
import { pino } from 'pino';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createProcessMemory, type AppContext } from '../../apps/server/src/context.ts';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { createErrorReporter } from '../../apps/server/src/lib/error-reporting.ts';

/** A migrated scratch database named `<prefix>_<pid>` on PostgreSQL, or embedded PGlite. */
export async function openScratchDatabase(prefix: string, options: { poolSize?: number } = {}) {
  const serverUrl = process.env.DATABASE_URL;
  const name = `${prefix}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  let target: string | undefined;
  if (serverUrl) {
    await admin(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    target = url.toString();
  }
  const database = await openDatabase(target ? { url: target, ...(options.poolSize ? { poolSize: options.poolSize } : {}) } : { dataDir: undefined });
  await database.migrate();
  return {
    database,
    label: serverUrl ? 'PostgreSQL' : 'embedded PGlite',
    drop: async () => {
      await database.close();
      if (serverUrl) await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}

/** The worker's context on `database`, its TradeLocker (demo and live) the simulator at `simUrl`. */
export function brokerBenchContext(database: DatabaseHandle, simUrl: string): AppContext {
  return {
    config: loadConfig({
      NODE_ENV: 'test',
      APP_KEY: Buffer.alloc(32, 1).toString('base64'),
      BROKER_DEMO_URL: simUrl,
      BROKER_LIVE_URL: simUrl,
    }),
    db: database.db,
    database,
    mailer: { send: async () => {} },
    jobs: { send: async () => null },
    log: pino({ level: 'silent' }),
    errors: createErrorReporter({ dsn: undefined, environment: 'bench' }),
    memory: createProcessMemory(),
    now: () => new Date(),
  };
}
