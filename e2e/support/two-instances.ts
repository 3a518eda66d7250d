import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startInstance, stopInstance, type Instance } from '../../bench/load/instances.ts';

/**
 * Two app instances of the built app on one PostgreSQL database, for the specs that follow a
 * member across instances (live updates travel through the database: LISTEN/NOTIFY and
 * polling). The embedded PGlite of the rest of the suite is one process's own, so this needs the
 * PostgreSQL server CI starts: 127.0.0.1:5432, trust authentication, user postgres.
 */
export const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export const HOW_TO_RUN =
  'Start PostgreSQL on 127.0.0.1:5432 (trust authentication, user postgres; CI does) and run the browser tests again.';

/** Why the PostgreSQL server cannot be used, or null when it answers. */
export async function postgresProblem(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL at ${POSTGRES_URL} is not reachable (${error instanceof Error ? error.message : String(error)}).`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export type TwoInstances = { one: Instance; two: Instance; stop: () => Promise<void> };

/**
 * A fresh database (dropped by `stop`) and two `apps/server/src/server.ts` processes on it, as
 * `npm run serve` starts them, on E2E_PORT+2 and +3 (E2E_PORT+1 is the single-instance server's
 * broker simulator). The first seeds the demo data, runs the worker and the broker simulator
 * (E2E_PORT+4); the second starts once the first is ready, so the seed is written once. Both
 * share the key and the data directory (uploads), as instances behind one address do.
 */
export async function startTwoInstances(e2ePort: number): Promise<TwoInstances> {
  const name = `th_e2e_two_instances_${process.pid}_${Date.now()}`;
  await admin(`create database "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'th-e2e-two-'));
  const shared = { DATABASE_URL: url.toString(), APP_KEY: randomBytes(32).toString('base64'), DATA_DIR: dataDir };
  const started: Instance[] = [];
  const stop = async () => {
    await Promise.all(started.map((instance) => stopInstance(instance)));
    await admin(`drop database if exists "${name}" with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    started.push(
      await startInstance('instance 1', e2ePort + 2, {
        ...shared,
        SEED_DEMO: 'true',
        RUN_WORKER: 'true',
        BROKER_SIM: 'true',
        BROKER_SIM_PORT: String(e2ePort + 4),
      }),
    );
    started.push(await startInstance('instance 2', e2ePort + 3, { ...shared, RUN_WORKER: 'false' }));
  } catch (error) {
    await stop();
    throw error;
  }
  const [one, two] = started as [Instance, Instance];
  return { one, two, stop };
}
