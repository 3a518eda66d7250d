/**
 * The app's PostgreSQL connections run without JIT: the MAE/MFE backfill's batch statement, a
 * lateral join over 250 trades whose plan PostgreSQL costs at millions, spent 2.3 s compiling
 * before running for 35 ms, every batch (100,000 trades took 24 minutes instead of about two).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { POSTGRES_URL, postgresReachable } from './postgres-app.ts';

const reachable = await postgresReachable();
const opened: DatabaseHandle[] = [];

afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
});

describe.skipIf(!reachable)("the app's PostgreSQL connections", () => {
  it('compile no statement (jit off), on every connection of the pool', async () => {
    const database = await openDatabase({ url: POSTGRES_URL, poolSize: 3 });
    opened.push(database);
    // Three at once, so three connections of the pool answer.
    const answers = await Promise.all([1, 2, 3].map(() => database.query<{ jit: string; pid: number }>('select current_setting($1) as jit, pg_backend_pid() as pid', ['jit'])));
    expect(new Set(answers.map(([row]) => row!.pid)).size).toBe(3);
    expect(answers.map(([row]) => row!.jit)).toEqual(['off', 'off', 'off']);
  });
});
