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

export type TwoInstances = { one: Instance; two: Instance };

/**
 * A fresh database and two `apps/server/src/server.ts` processes on it, as `npm run serve`
 * starts them, on E2E_PORT+2 and +3 (E2E_PORT+1 is the single-instance server's broker
 * simulator). The first seeds the demo data and runs the worker and the broker simulator
 * (E2E_PORT+4). They start together, as a deploy starts them (the server makes them take turns
 * setting the database up). Both share the key and the data directory, as instances behind one
 * address do. `stop` also ends a start still
 * under way (a timed-out hook) and drops the database.
 */
export function twoInstances(e2ePort: number) {
  const name = `th_e2e_two_instances_${process.pid}_${Date.now()}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'th-e2e-two-'));
  const abandon = new AbortController();
  const started: Instance[] = [];
  let created = false;
  const launch = async (instanceName: string, port: number, env: Record<string, string>) => {
    // The spec's hook bounds the whole start; on a loaded machine one boot alone can pass 2 min.
    const instance = await startInstance(instanceName, port, env, { signal: abandon.signal, readyWithinMs: 300_000 });
    started.push(instance);
    return instance;
  };
  return {
    async start(): Promise<TwoInstances> {
      await admin(`create database "${name}"`);
      created = true;
      const url = new URL(POSTGRES_URL);
      url.pathname = `/${name}`;
      const shared = { DATABASE_URL: url.toString(), APP_KEY: randomBytes(32).toString('base64'), DATA_DIR: dataDir };
      const [one, two] = await Promise.all([
        launch('instance 1', e2ePort + 2, { ...shared, SEED_DEMO: 'true', RUN_WORKER: 'true', BROKER_SIM: 'true', BROKER_SIM_PORT: String(e2ePort + 4) }),
        launch('instance 2', e2ePort + 3, { ...shared, RUN_WORKER: 'false' }),
      ]);
      return { one, two };
    },
    /** What the instances wrote to stderr (LOG_LEVEL warn), for a failure's report. */
    stderr: () => started.map((instance) => ({ name: instance.name, text: instance.stderr.join('') })),
    async stop() {
      abandon.abort();
      await Promise.all(started.map((instance) => stopInstance(instance)));
      if (created) await admin(`drop database if exists "${name}" with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
