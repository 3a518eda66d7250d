import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    templateDatabase: string;
  }
}

/** Test databases (test-app.ts) and templates carry the pid of the process that made them. */
const RUN_DATABASE = /^th_(?:test|tpl)_(\d+)_/;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Drops what runs that died before their teardown left behind. Several runs may share one
 * server (engineers on one machine, parallel CI jobs): a database whose process is alive
 * belongs to a run in progress and is never touched (dropping it with force cut that run's
 * connections mid-test), and any other one is dropped only when nobody is connected.
 */
async function dropStaleDatabases(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'th%'");
  for (const { datname } of rows) {
    if (!datname.startsWith('th_test_') && !datname.startsWith('th_tpl_')) continue;
    const pid = Number(RUN_DATABASE.exec(datname)?.[1]);
    if (Number.isInteger(pid) && isAlive(pid)) continue;
    await admin.query(`drop database if exists "${datname}"`).catch(() => undefined);
  }
}

/**
 * Migrates one database up front; every test file then starts from a copy of it: a PGlite
 * data-dir dump by default, or `CREATE DATABASE … TEMPLATE` on PostgreSQL (DATABASE_URL).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    // One template per run, so concurrent runs on one server never share or drop each other's.
    const name = `th_tpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await dropStaleDatabases(admin);
    await admin.query(`create database "${name}"`);
    await admin.end();
    const template = new URL(url);
    template.pathname = `/${name}`;
    const database = await openDatabase({ url: template.toString(), poolSize: 1 });
    await database.migrate();
    await database.close();
    project.provide('templateDatabase', name);
    project.provide('pgliteDump', '');
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    };
  }
  const database = await openDatabase({ dataDir: undefined });
  await database.migrate();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'th-pglite-'));
  const file = path.join(dir, 'migrated.tar.gz');
  const dump = await database.dump!();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
  project.provide('templateDatabase', '');
}
