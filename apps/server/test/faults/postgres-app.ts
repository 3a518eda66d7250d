import { createErrorReporter } from '../../src/lib/error-reporting.ts';
import { pino } from 'pino';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import { createProcessMemory } from '../../src/context.ts';
import { openDatabase } from '../../src/db/client.ts';
import { createJobClient, startJobQueue } from '../../src/jobs/index.ts';
import { createBoss } from '../../src/jobs/queue.ts';
import { seedReferenceData } from '../../src/seed/index.ts';
import { captureMailer, clientFor } from '../support/test-app.ts';

/** The machine's PostgreSQL server; the fault suite only ever touches databases it created. */
export const POSTGRES_URL =
  process.env.FAULTS_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** True when a PostgreSQL server answers at POSTGRES_URL (the test is skipped otherwise). */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs SQL as the server's admin, outside the database under test. */
export async function admin<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The real app on a database of its own (created, migrated, dropped after): the fault tests
 * cut that database's connections without disturbing anyone else's.
 */
export async function createPostgresApp(poolSize = 6) {
  const name = `th_fault_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await admin(`create database "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize });
  await database.migrate();
  const boss = createBoss(database, { background: false });
  await startJobQueue(database, boss);
  const ctx: AppContext = {
    config: loadConfig({
      NODE_ENV: 'test',
      APP_KEY: Buffer.alloc(32, 7).toString('base64'),
      LOGIN_RATE_LIMIT: '1000',
      BROKER_SIM: 'false',
    }),
    db: database.db,
    database,
    mailer: captureMailer(),
    jobs: createJobClient(boss),
    log: pino({ level: 'silent' }),
    errors: createErrorReporter({ dsn: undefined, environment: 'test' }),
    memory: createProcessMemory(),
    now: () => new Date(),
  };
  await seedReferenceData(ctx);
  const app = await buildApp({ ctx, logger: false });
  await app.ready();
  return {
    name,
    app,
    ctx,
    ...clientFor(app),
    close: async () => {
      await app.close();
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      await database.close().catch(() => undefined);
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}
